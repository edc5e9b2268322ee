/**
 * The calendar file (assets/page/calendar-file.ts) against RFC 5545's rules, read back by a reader of
 * this file's own: lines end in CRLF, fold at 75 octets, text is escaped, and the one event has its UID,
 * DTSTAMP, DTSTART and a reminder the day before. Expected values are written out by hand.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { calendarFile, type CalendarEvent } from "../../assets/page/calendar-file.ts";

/** A TEXT value's escapes (RFC 5545 §3.3.11), read left to right: `\\n` is a backslash, then `n`. */
const ESCAPES: Record<string, string> = { "\\": "\\", ";": ";", ",": ",", n: "\n", N: "\n" };

/**
 * `file` read back: its lines checked (CRLF, at most 75 octets, no half character) and unfolded, each
 * value unescaped, under its components' names and its own: "VCALENDAR/VEVENT DTSTART".
 */
function readCalendar(file: string): Map<string, string[]> {
  const physical = file.split("\r\n");
  assert.is(physical.pop(), "", "the file ends with CRLF");
  const logical: string[] = [];
  for (const line of physical) {
    assert.not.match(line, /[\r\n]|\p{Cs}/u, "no CR or LF but in CRLF, no half of a character");
    assert.ok(Buffer.byteLength(line) <= 75, `a line of ${Buffer.byteLength(line)} octets: ${line}`);
    if (line.startsWith(" ")) logical.push(logical.pop()! + line.slice(1));
    else logical.push(line);
  }
  const open: string[] = [];
  const read = new Map<string, string[]>();
  for (const line of logical) {
    const property = /^([A-Z-]+):(.*)$/.exec(line);
    assert.ok(property, `a property: ${line}`);
    const [, name, raw = ""] = property;
    assert.not.match(raw.replace(/\\[\\;,nN]/g, ""), /[\\;,]/, `${line}: every \\ ; , is escaped`);
    const value = raw.replace(/\\([\\;,nN])/g, (_, char: string) => ESCAPES[char]!);
    if (name === "BEGIN") open.push(value);
    else if (name === "END") assert.is(open.pop(), value, "components nest");
    else read.set(`${open.join("/")} ${name}`, [...(read.get(`${open.join("/")} ${name}`) ?? []), value]);
  }
  assert.equal(open, [], "every component ends");
  return read;
}

/** The one value of `key` ("VCALENDAR/VEVENT DTSTART") in `file`. */
function one(file: string, key: string): string {
  const values = readCalendar(file).get(key);
  assert.is(values?.length, 1, `one ${key}`);
  return values![0]!;
}

const EVENT = "VCALENDAR/VEVENT";
const RADIANT: CalendarEvent = {
  title: "Radiant in the EXP Bank",
  start: Date.UTC(2027, 11, 22, 15, 30, 0),
  description: "You reach Radiant on Dec 22, 2027 — in 1 year 1 month.",
  url: "https://example.com/exp-bank/?currentGems=250M&goalGems=Radiant&at=2026-11-29T03:09:56Z",
};
const MADE = Date.UTC(2026, 10, 29, 7, 5, 9);

test("one event at the moment, made when it was made, with a reminder the day before", () => {
  const file = calendarFile(RADIANT, MADE, "example.com");
  const under = (component: string, names: string) => names.split(" ").map((name) => `${component} ${name}`);
  assert.equal(
    [...readCalendar(file).keys()],
    [
      ...under("VCALENDAR", "VERSION PRODID"),
      ...under(EVENT, "UID DTSTAMP DTSTART SUMMARY DESCRIPTION URL TRANSP"),
      ...under(`${EVENT}/VALARM`, "ACTION TRIGGER DESCRIPTION"),
    ],
    "no end or duration: the event is the moment",
  );
  assert.is(one(file, "VCALENDAR VERSION"), "2.0");
  assert.is(one(file, `${EVENT} DTSTART`), "20271222T153000Z");
  assert.is(one(file, `${EVENT} DTSTAMP`), "20261129T070509Z");
  assert.is(one(file, `${EVENT} SUMMARY`), "Radiant in the EXP Bank");
  assert.is(one(file, `${EVENT} DESCRIPTION`), RADIANT.description);
  assert.is(one(file, `${EVENT} URL`), RADIANT.url);
  assert.is(one(file, `${EVENT}/VALARM ACTION`), "DISPLAY");
  assert.is(one(file, `${EVENT}/VALARM TRIGGER`), "-P1D");
  assert.is(one(file, `${EVENT}/VALARM DESCRIPTION`), "Tomorrow: Radiant in the EXP Bank");
});

test("a moment between seconds is written at the second before, so it stays on its day", () => {
  const file = calendarFile({ ...RADIANT, start: Date.UTC(2027, 11, 22, 23, 59, 59, 999) }, MADE + 999, "x");
  assert.is(one(file, `${EVENT} DTSTART`), "20271222T235959Z");
  assert.is(one(file, `${EVENT} DTSTAMP`), "20261129T070509Z");
});

test("the UID is the title's at the host: the same at another moment, another for another title", () => {
  const uid = (title: string, start = RADIANT.start, host = "example.com") =>
    one(calendarFile({ ...RADIANT, title, start }, start - 1e9, host), `${EVENT} UID`);
  const first = uid(RADIANT.title);
  assert.match(first, /@example\.com$/);
  assert.is(uid(RADIANT.title, RADIANT.start + 86_400_000), first);
  assert.is.not(uid("Luminary in the EXP Bank"), first);
  assert.is.not(uid("Радиант in the EXP Bank"), uid("Сияние in the EXP Bank"));
  assert.is.not(uid(RADIANT.title, RADIANT.start, "example.org"), first);
});

test("text with the characters RFC 5545 escapes, line breaks and controls reads back as written", () => {
  const title = "2× Cosmic; a rank, \\n not a break\nin the EXP Bank";
  const file = calendarFile({ ...RADIANT, title, description: "1\r\n2\r3\n4; 5, 6 \\ 7\u0007." }, MADE, "x");
  assert.is(one(file, `${EVENT} SUMMARY`), title);
  assert.is(one(file, `${EVENT}/VALARM DESCRIPTION`), `Tomorrow: ${title}`);
  assert.is(one(file, `${EVENT} DESCRIPTION`), "1\n2\n3\n4; 5, 6 \\ 7.");
});

test("long lines fold at 75 octets, never inside a character, and unfold to the text", () => {
  // Two-, three- and four-octet characters at every offset against the 75-octet edge.
  for (let pad = 0; pad < 4; pad++) {
    const description = `${"x".repeat(pad)}${"é€😀 ".repeat(40)}`;
    const file = calendarFile({ ...RADIANT, description }, MADE, "x");
    const full = file.split("\r\n").filter((line) => Buffer.byteLength(line) > 71);
    assert.ok(full.length >= 5, `folded near the edge: ${file}`);
    assert.is(one(file, `${EVENT} DESCRIPTION`), description);
  }
  // A line of exactly 75 octets stays whole; one more folds.
  const url = (length: number) =>
    calendarFile({ ...RADIANT, url: `https://${"a".repeat(length - 12)}` }, MADE, "x")
      .split("\r\n")
      .filter((line) => /^(URL:| )/.test(line))
      .map((line) => line.length);
  assert.equal(url(75), [75]);
  assert.equal(url(76), [75, 2]);
});

test.run();
