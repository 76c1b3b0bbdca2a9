/** Position-group rules shared by the console's form and the server's schema. */

/** Letters, digits, underscore and hyphen. ASCII only: a code is an identifier. */
export const GROUP_CODE_PATTERN = '^[A-Za-z0-9_-]+$';
export const GROUP_CODE_REGEX = new RegExp(GROUP_CODE_PATTERN);

/** Length of a generated code; a typed code may be longer, up to LIMITS.codeMax. */
export const GENERATED_GROUP_CODE_LENGTH = 20;

/** More positions than any site has; it only keeps one request bounded. */
export const GROUP_POSITIONS_MAX = 10_000;

/**
 * The generate-code button: lowercase the name, strip non-alphanumerics, spaces to `_`,
 * cut to 20 characters. Those steps read literally would strip the spaces before they could
 * become underscores, so the order is:
 *   1. lowercase, and drop diacritics (ä → a, é → e), since the code allows ASCII letters only and
 *      "Itä" should give "ita", not "it";
 *   2. strip every character that is not a-z, 0-9 or whitespace (so "–" disappears);
 *   3. each run of whitespace becomes one `_` (leading and trailing whitespace is dropped);
 *   4. cut to 20 characters and drop `_` left dangling at the end by the cut.
 * "Floor 2 – East" → "floor_2_east". A name of symbols only gives "", which the form rejects.
 */
export function generatePositionGroupCode(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, GENERATED_GROUP_CODE_LENGTH)
    .replace(/_+$/, '');
}
