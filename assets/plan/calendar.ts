/**
 * A date of the answer in the player's calendar: an iCalendar file (RFC 5545) of one event at that
 * moment, with a reminder the day before, made in the browser and downloaded; nothing is sent anywhere.
 * `calendarFile` is pure (its unit test reads the file back with a reader of its own).
 */

/** What the event says: its title ("Radiant in the EXP Bank"), its moment, and the answer's address. */
export interface CalendarEvent {
  title: string;
  start: number;
  description: string;
  url: string;
}

/** The file's name, from the title: "radiant-in-the-exp-bank". */
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

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
    `DESCRIPTION:${text(event.title)}`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map((line) => `${fold(line)}\r\n`).join("");
}

/**
 * Downloads the date beside `button` (a rank's row of the timeline, or the goal's line) as an event
 * named after `button.value`, the rank or goal: `radiant-in-the-exp-bank.ics`, made now for this host.
 * Its description says what the answer was computed from, and links to the answer's fields.
 */
export function addToCalendar(button: HTMLButtonElement): void {
  const time = button.closest("tr, dd")!.querySelector("time")!;
  // "From 250M gems, at 0.3% a day, compounding", without its link to how it is computed.
  const from = document.querySelector(".result-rate")!.textContent!.split(":")[0];
  const event = {
    title: `${button.value} in the EXP Bank`,
    start: Date.parse(time.dateTime),
    description: `${from}.\n${location.href}`,
    url: location.href,
  };
  const file = new Blob([calendarFile(event, Date.now(), location.host)], { type: "text/calendar" });
  const link = Object.assign(document.createElement("a"), {
    href: URL.createObjectURL(file),
    download: `${slug(event.title)}.ics`,
  });
  link.click();
  // The address is freed once the download has surely read it.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
