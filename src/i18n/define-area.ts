/**
 * One screen area's texts in every language, in one file (src/i18n/areas/<area>.ts), so each
 * area is written and reviewed on its own. English is the source: Finnish and Swedish must have
 * exactly its keys (the type says so, and tests/unit/i18n-keys.test.ts checks the values).
 */
export type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export function defineArea<const T>(texts: { en: T; fi: Widen<T>; sv: Widen<T> }) {
  return texts;
}
