/**
 * Number and date formatters, made once per locale and options: making one costs a tenth of a millisecond
 * (a date's, a quarter), and a chart or a page of figures formats hundreds of values. A date formatter keeps
 * the time zone it was made in, which may change between tasks (a device travels, a test moves it), so date
 * formatters are forgotten as the task that made them ends: each answer drawn makes its own.
 */
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

function made<T>(
  formats: Map<string, T>,
  Format: new (locale?: string, options?: object) => T,
  locale?: string,
  options = {},
) {
  const key = `${locale} ${JSON.stringify(options)}`;
  if (!formats.has(key)) formats.set(key, new Format(locale, options));
  return formats.get(key)!;
}

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions) =>
  made(numbers, Intl.NumberFormat, locale, options);

export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  if (!dates.size) queueMicrotask(() => dates.clear());
  return made(dates, Intl.DateTimeFormat, locale, options);
}
