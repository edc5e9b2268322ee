/**
 * The moment a shared link was calculated at (`at=2026-11-29T03:09:56Z`, as Share writes it), or null
 * for anything else: an impossible day or time (Feb 30, `T24:00:00Z`, year 0) is refused, never rolled
 * over (`Date` would roll Feb 30 to March 2), so the moment must read back the same.
 */
export function linkMoment(text: string): number | null {
  const date = new Date(text);
  const readsBack =
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(text) &&
    !text.startsWith("0000") &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString() === text.replace("Z", ".000Z");
  return readsBack ? date.getTime() : null;
}

/**
 * Whether a link's `until` names a day of the calendar: `YYYY-MM-DD` from year 1 with a month that has
 * that day (`2030-02-30` does not; `2028-02-29` does). A date field given any other text empties itself
 * without a word, so the page checks first and calls it "not a date", as for any unreadable text.
 */
export const isCalendarDate = (text: string) => linkMoment(`${text}T00:00:00Z`) !== null;
