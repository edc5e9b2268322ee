/**
 * Intl formatters, made once per locale and options: making one costs about a tenth of a
 * millisecond, and a chart or a page of figures formats hundreds of values.
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = made.get(key) as T | undefined;
  if (!format) made.set(key, (format = make()));
  return format;
}

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions) =>
  cached(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

export const dateFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  cached(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
