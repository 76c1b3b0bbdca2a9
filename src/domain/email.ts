/**
 * One email identity for the browser and the server: the per-account sign-in limits, the unique
 * index (users.email_normalized) and every comparison (sign-in lookup, "email taken") use this, so
 * no spelling of an address can count as another account in one place and the same in another.
 *
 * - trim: surrounding spaces are never part of an address;
 * - NFKC: compatibility forms (fullwidth ＡＢＣ, ligatures ﬁ) and composed/decomposed accents
 *   become one form, so look-alike spellings are one account;
 * - toLowerCase: Unicode case mapping that does not depend on a locale (unlike the database's
 *   lower(), which follows the server's collation: PostgreSQL maps 'İ' to 'i', JavaScript to
 *   'i̇', and that difference let `admİn@…` bypass the limit of `admin@…`);
 * - NFKC once more, so the result is stable: normalizeEmail(normalizeEmail(x)) === normalizeEmail(x).
 * The address as typed is kept for display in users.email.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}
