/**
 * The day in a calendar: the button of a row of the answer's timeline (a rank, or a goal that is no
 * rank's) downloads its date as an `.ics` file made here in the browser; nothing is sent anywhere.
 */
import { calendarFile } from "../page/calendar-file.ts";
import { slugify } from "../../common/text/slugify.ts";
import { provide } from "../page/load-module.ts";

/**
 * Downloads the date of `button`'s row of the timeline as an event named after `button.value`, the
 * rank or goal: `radiant-in-the-exp-bank.ics`, made now for this host.
 * Its description says what the answer was computed from, and links to the answer's fields.
 */
function addToCalendar(button: HTMLButtonElement): void {
  const time = button.closest("tr")!.querySelector("time")!;
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
    download: `${slugify(event.title)}.ics`,
  });
  link.click();
  // The address is freed once the download has surely read it.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

provide("calendar", addToCalendar);
