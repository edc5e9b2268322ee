/**
 * Whether a link's `until` names a day of the calendar: `YYYY-MM-DD` with a month that has that
 * day (`2030-02-30` does not; `2028-02-29` does). A date field given any other text empties itself
 * without a word, so the page checks first and calls it "not a date", as for any unreadable text.
 */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}
