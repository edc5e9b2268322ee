/**
 * Number and date formatters, made once per locale and options: making one costs a tenth of a millisecond
 * (a date's, a quarter), and a page formats hundreds of values. A date formatter keeps the time zone it was
 * made in, which may change between tasks (a device travels, a test moves it), so one lasts until its task ends.
 */
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions) {
  const key = `${locale} ${JSON.stringify(options)}`;
  return numbers.get(key) ?? numbers.set(key, new Intl.NumberFormat(locale, options)).get(key)!;
}

export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  if (!dates.size) queueMicrotask(() => dates.clear());
  const key = `${locale} ${JSON.stringify(options)}`;
  return dates.get(key) ?? dates.set(key, new Intl.DateTimeFormat(locale, options)).get(key)!;
}
