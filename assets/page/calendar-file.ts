/**
 * A date of the answer as an iCalendar file (RFC 5545): one event at that moment, with a reminder the
 * day before. Pure, for the calendar's lazy module (`assets/lazy/calendar.ts`) and its unit test,
 * which reads the file back with a reader of its own.
 */

/** What the event says: its title ("Radiant in the EXP Bank"), its moment, and the answer's address. */
export interface CalendarEvent {
  title: string;
  start: number;
  description: string;
  url: string;
}

/**
 * A moment in UTC as RFC 5545 writes it, to the second below (`20271222T153000Z`): a calendar has no
 * milliseconds, and a moment at or after midnight stays on the day the page names.
 */
const utc = (moment: number) =>
  new Date(Math.floor(moment / 1000) * 1000).toISOString().replace(/[-:]|\.000/g, "");

/** A TEXT value (RFC 5545 §3.3.11): backslash, `;` and `,` escaped, a line break as `\n`, no other control. */
const text = (value: string) =>
  value
    .replace(/[\\;,]/g, "\\$&")
    .replace(/\r\n?|\n/g, "\\n")
    .replace(/[\x00-\x1f\x7f]/g, "");

/** A content line folded (RFC 5545 §3.1): at most 75 octets a line, never inside a character's UTF-8 octets. */
function fold(line: string): string {
  let folded = "";
  let octets = 0;
  for (const char of line) {
    const size = new TextEncoder().encode(char).length;
    if (octets + size > 75) {
      folded += "\r\n ";
      octets = 1;
    }
    folded += char;
    octets += size;
  }
  return folded;
}

/**
 * The `.ics` file of `event`, made at `made` for the site at `host`. Its UID is the title's at the host,
 * so adding the same rank again updates the one event rather than adding a second.
 */
export function calendarFile(event: CalendarEvent, made: number, host: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//EXP Bank Calculator//Calendar//EN",
    "BEGIN:VEVENT",
    `UID:${text(`${encodeURIComponent(event.title)}@${host}`)}`,
    `DTSTAMP:${utc(made)}`,
    `DTSTART:${utc(event.start)}`,
    `SUMMARY:${text(event.title)}`,
    `DESCRIPTION:${text(event.description)}`,
    `URL:${event.url}`,
    // A moment to remember, not time taken: the player's day stays free.
    "TRANSP:TRANSPARENT",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "TRIGGER:-P1D",
    `DESCRIPTION:${text(`Tomorrow: ${event.title}`)}`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map((line) => `${fold(line)}\r\n`).join("");
}
