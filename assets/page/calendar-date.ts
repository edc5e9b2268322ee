/**
 * Whether a link's `until` names a day of the calendar: `YYYY-MM-DD` from year 1 with a month that has
 * that day (`2030-02-30` does not; `2028-02-29` does). A date field given any other text empties itself
 * without a word, so the page checks first and calls it "not a date", as for any unreadable text.
 * A day past its month's end rolls over in `Date` (to March 2), so the day must read back the same.
 */
export function isCalendarDate(text: string): boolean {
  return /^\d{4}-\d\d-\d\d$/.test(text) && readsBack(`${text}T00:00:00Z`);
}

/**
 * The moment a shared link was calculated at (`at=2026-11-29T03:09:56Z`, as Share writes it), or null
 * for anything else: an impossible day or time (Feb 30, `T24:00:00Z`, year 0) is refused, never rolled over.
 */
export function linkMoment(text: string): number | null {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(text) && readsBack(text) ? Date.parse(text) : null;
}

/** Whether a UTC moment `YYYY-MM-DDTHH:MM:SSZ` from year 1 on is one `Date` reads without rolling it over. */
function readsBack(moment: string): boolean {
  const date = new Date(moment);
  return (
    !moment.startsWith("0000") &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString() === moment.replace("Z", ".000Z")
  );
}
