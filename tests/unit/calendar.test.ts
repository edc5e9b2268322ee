/**
 * The calendar file (assets/page/calendar-file.ts) against RFC 5545's rules, read back by a reader of this
 * file's own: lines end in CRLF, fold at 75 octets, text is escaped, and the one event has its UID,
 * DTSTAMP, DTSTART and a reminder the day before. Expected values are written out by hand.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { calendarFile, type CalendarEvent } from "../../assets/page/calendar-file.ts";

/** A content line: its name and value, unescaped if `TEXT` (RFC 5545 §3.3.11). */
interface Property {
  name: string;
  value: string;
}

/** The physical lines of `file`, as octets: each must end in CRLF, and none holds a lone CR or LF. */
function physicalLines(file: string): Buffer[] {
  const octets = Buffer.from(file, "utf8");
  const lines: Buffer[] = [];
  let start = 0;
  for (let index = 0; index < octets.length; index++) {
    if (octets[index] === 0x0d) {
      assert.is(octets[index + 1], 0x0a, `a CR at octet ${index} is followed by LF`);
      lines.push(octets.subarray(start, index));
      start = index + 2;
      index++;
    } else assert.is.not(octets[index], 0x0a, `the LF at octet ${index} follows a CR`);
  }
  assert.is(start, octets.length, "the file ends with CRLF");
  return lines;
}

/** Unfolds and splits `file` into its properties, unescaping every value (none here is a URI with `\`). */
function readCalendar(file: string): Property[] {
  const logical: string[] = [];
  for (const octets of physicalLines(file)) {
    assert.ok(octets.length <= 75, `a line of ${octets.length} octets: ${octets}`);
    // A fold between a character's UTF-8 octets would leave either line undecodable.
    const line = new TextDecoder("utf-8", { fatal: true }).decode(octets);
    if (line.startsWith(" ")) logical.push(logical.pop()! + line.slice(1));
    else logical.push(line);
  }
  return logical.map((line) => {
    const colon = line.indexOf(":");
    const raw = line.slice(colon + 1);
    // Left to right: `\\` is one backslash, so `\\n` is a backslash then `n`.
    const escapes: Record<string, string> = { "\\": "\\", ";": ";", ",": ",", n: "\n", N: "\n" };
    assert.not.match(raw.replace(/\\[\\;,nN]/g, ""), /[\\;,]/, `${line}: every \\ ; , is escaped`);
    return { name: line.slice(0, colon), value: raw.replace(/\\([\\;,nN])/g, (_, char) => escapes[char]!) };
  });
}

/** The components of `properties`, by BEGIN and END, each with its own properties. */
function components(properties: Property[]): Map<string, Property[]> {
  const found = new Map<string, Property[]>();
  const open: string[] = [];
  for (const property of properties) {
    if (property.name === "BEGIN") open.push(property.value);
    else if (property.name === "END") assert.is(open.pop(), property.value, "components nest");
    else found.set(open.at(-1)!, [...(found.get(open.at(-1)!) ?? []), property]);
    if (property.name === "BEGIN") assert.not.ok(found.has(property.value), `one ${property.value}`);
    if (property.name === "BEGIN") found.set(property.value, []);
  }
  assert.equal(open, [], "every component ends");
  return found;
}

/** The one value of `name` in `component`. */
function only(component: Property[], name: string): string {
  const values = component.filter((property) => property.name === name);
  assert.is(values.length, 1, `one ${name}`);
  return values[0]!.value;
}

const RADIANT: CalendarEvent = {
  title: "Radiant in the EXP Bank",
  start: Date.UTC(2027, 11, 22, 15, 30, 0),
  description: "You reach Radiant on Dec 22, 2027 — in 1 year 1 month.",
  url: "https://example.com/exp-bank/?currentGems=250M&goalGems=Radiant&at=2026-11-29T03:09:56Z",
};
const MADE = Date.UTC(2026, 10, 29, 7, 5, 9);

test("one event at the moment, made when it was made, with a reminder the day before", () => {
  const calendar = components(readCalendar(calendarFile(RADIANT, MADE, "example.com")));
  assert.equal([...calendar.keys()], ["VCALENDAR", "VEVENT", "VALARM"]);
  assert.is(only(calendar.get("VCALENDAR")!, "VERSION"), "2.0");
  assert.ok(only(calendar.get("VCALENDAR")!, "PRODID"));
  const event = calendar.get("VEVENT")!;
  assert.is(only(event, "DTSTART"), "20271222T153000Z");
  assert.is(only(event, "DTSTAMP"), "20261129T070509Z");
  assert.is(only(event, "SUMMARY"), "Radiant in the EXP Bank");
  assert.is(only(event, "DESCRIPTION"), RADIANT.description);
  assert.is(only(event, "URL"), RADIANT.url);
  assert.equal(
    event.map((property) => property.name).filter((name) => /^DT(END)?$|^DURATION$/.test(name)),
    [],
  );
  const alarm = calendar.get("VALARM")!;
  assert.is(only(alarm, "ACTION"), "DISPLAY");
  assert.is(only(alarm, "TRIGGER"), "-P1D");
  assert.is(only(alarm, "DESCRIPTION"), "Radiant in the EXP Bank");
});

test("a moment between seconds is written at the second before, so it stays on its day", () => {
  const late = { ...RADIANT, start: Date.UTC(2027, 11, 22, 23, 59, 59, 999) };
  const event = components(readCalendar(calendarFile(late, MADE + 999, "example.com"))).get("VEVENT")!;
  assert.is(only(event, "DTSTART"), "20271222T235959Z");
  assert.is(only(event, "DTSTAMP"), "20261129T070509Z");
});

test("the UID is the title's at the host: the same for another moment or day made, another for another title", () => {
  const uid = (event: CalendarEvent, made: number, host = "example.com") =>
    only(components(readCalendar(calendarFile(event, made, host))).get("VEVENT")!, "UID");
  const first = uid(RADIANT, MADE);
  assert.match(first, /@example\.com$/);
  assert.is(uid({ ...RADIANT, start: RADIANT.start + 86_400_000, description: "Later" }, MADE + 1e9), first);
  assert.is.not(uid({ ...RADIANT, title: "Luminary in the EXP Bank" }, MADE), first);
  assert.is.not(uid({ ...RADIANT, title: "Радиант in the EXP Bank" }, MADE), uid(RADIANT, MADE));
  assert.is.not(
    uid({ ...RADIANT, title: "Сияние in the EXP Bank" }, MADE),
    uid({ ...RADIANT, title: "Радиант in the EXP Bank" }, MADE),
  );
  assert.is.not(uid(RADIANT, MADE, "example.org"), first);
});

test("text with the characters RFC 5545 escapes, line breaks and controls reads back as written", () => {
  const tricky = {
    ...RADIANT,
    title: "2× Cosmic; a rank, \\n not a break\nin the EXP Bank",
    description: "One\r\ntwo\rthree\nfour; five, six \\ seven\u0007.",
  };
  const calendar = components(readCalendar(calendarFile(tricky, MADE, "example.com")));
  assert.is(only(calendar.get("VEVENT")!, "SUMMARY"), tricky.title);
  assert.is(only(calendar.get("VALARM")!, "DESCRIPTION"), tricky.title);
  assert.is(only(calendar.get("VEVENT")!, "DESCRIPTION"), "One\ntwo\nthree\nfour; five, six \\ seven.");
});

test("long lines fold at 75 octets, never inside a character, and unfold to the text", () => {
  // Two-, three- and four-octet characters at every offset against the 75-octet edge.
  for (let pad = 0; pad < 4; pad++) {
    const description = `${"x".repeat(pad)}${"é€😀 ".repeat(40)}`;
    const file = calendarFile({ ...RADIANT, description }, MADE, "example.com");
    const lines = physicalLines(file).map((line) => line.length);
    assert.ok(lines.filter((length) => length > 70).length >= 5, `folded near the edge: ${lines.join(" ")}`);
    assert.is(only(components(readCalendar(file)).get("VEVENT")!, "DESCRIPTION"), description);
  }
  // A line of exactly 75 octets stays whole; one more folds.
  const at = (length: number) =>
    physicalLines(calendarFile({ ...RADIANT, url: `https://${"a".repeat(length - 12)}` }, MADE, "x"))
      .map((line) => line.toString())
      .filter((line) => line.startsWith("URL:") || line.startsWith(" "));
  assert.equal(at(75).length, 1);
  assert.equal(
    at(76).map((line) => line.length),
    [75, 2],
  );
});

test.run();
