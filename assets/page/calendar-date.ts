/**
 * Whether a link's `until` names a day of the calendar: `YYYY-MM-DD` with a month that has that
 * day (`2030-02-30` does not; `2028-02-29` does). A date field given any other text empties itself
 * without a word, so the page checks first and calls it "not a date", as for any unreadable text.
 * A day past its month's end rolls over in `Date` (to March 2), so the day must read back the same.
 */
export function isCalendarDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return /^\d{4}-\d\d-\d\d$/.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}
