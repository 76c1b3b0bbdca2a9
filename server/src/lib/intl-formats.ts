/**
 * Intl formatters, made once per locale and options: making a DateTimeFormat costs about a hundred
 * times more than using one (a burst of notification emails spent most of its time making them).
 * A time zone the runtime does not know throws a RangeError, as the constructor does; nothing is
 * kept for it.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formatters kept per kind at most (locales × zones × options in use are a handful). */
const MAX_KEPT = 500;

function kept<T>(store: Map<string, T>, key: string, make: () => T): T {
  let found = store.get(key);
  if (!found) {
    found = make();
    if (store.size >= MAX_KEPT) store.clear();
    store.set(key, found);
  }
  return found;
}

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  kept(
    dateTimeFormats,
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  kept(numberFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
