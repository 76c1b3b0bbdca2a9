/** Task vocabularies, shared by the forms, the API schemas and the database checks. */
export const TASK_CATEGORIES = ['safety', 'quality', 'installation', 'testing', 'documentation'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

/** Legacy templates name their priority; the current task form uses a number (default 1). */
export const LEGACY_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type LegacyPriority = (typeof LEGACY_PRIORITIES)[number];

export const DEPENDENCY_TYPES = ['blocks', 'requires', 'optional'] as const;
export type DependencyType = (typeof DEPENDENCY_TYPES)[number];
export const DEFAULT_DEPENDENCY_TYPE: DependencyType = 'requires';

/** Bounds the spec leaves open: generous, but they keep a typo from becoming a stored absurdity. */
export const TASK_LIMITS = {
  priorityMin: 1,
  priorityMax: 100,
  /** Minutes; about ten weeks of round-the-clock work. */
  durationMax: 100_000,
  defaultPriority: 1,
  /** One from-template or bulk call creates at most this many positions' instances, in one transaction. */
  bulkPositionsMax: 1000,
  bulkTemplatesMax: 50,
  /** Rules in one run of the bulk wizard. */
  bulkRulesMax: 100,
  /** template × position pairs in one bulk call. */
  bulkPairsMax: 10_000,
  legacyBulkMax: 100,
  searchMax: 100,
  pageSizeMax: 500,
  pageSizeDefault: 50,
} as const;

/** A template code is a 15-character prefix plus a 6-digit suffix. */
export const TEMPLATE_CODE_PREFIX_LENGTH = 15;
export const TEMPLATE_CODE_SUFFIX_DIGITS = 6;
const SUFFIX_SPACE = 10 ** TEMPLATE_CODE_SUFFIX_DIGITS;

/**
 * The prefix of a template code: the name uppercased, non-alphanumerics to `_`, cut to 15
 * characters. Accented letters are folded first (Äänieristys → AANIERISTYS), so a Finnish or Swedish
 * name gives a readable code rather than a row of underscores.
 */
export function templateCodePrefix(name: string): string {
  const folded = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '_')
    .slice(0, TEMPLATE_CODE_PREFIX_LENGTH);
  return folded || 'TASK';
}

/** The 6-digit suffix from a timestamp: the last six digits of the time in ms. */
export function timestampSuffix(now: number = Date.now()): number {
  return Math.abs(Math.trunc(now)) % SUFFIX_SPACE;
}

export function templateCode(prefix: string, suffix: number): string {
  return `${prefix}_${String(suffix % SUFFIX_SPACE).padStart(TEMPLATE_CODE_SUFFIX_DIGITS, '0')}`;
}

/**
 * A code for a new template that is not in `taken`: the timestamp suffix, or the next free one
 * after it (wrapping at 999999). Undefined only if all million suffixes of the prefix are used.
 */
export function nextFreeTemplateCode(name: string, taken: ReadonlySet<string>, now = Date.now()) {
  const prefix = templateCodePrefix(name);
  const start = timestampSuffix(now);
  for (let i = 0; i < SUFFIX_SPACE; i++) {
    const code = templateCode(prefix, start + i);
    if (!taken.has(code)) return code;
  }
  return undefined;
}

/**
 * Search folding: case and the accents of Finnish and Swedish (and the common Western European
 * ones) are ignored. The server applies the same mapping in SQL with translate(lower(x), FROM, TO),
 * which runs on PGlite and PostgreSQL alike (unlike the unaccent extension).
 */
export const SEARCH_FOLD_FROM = 'äöåáàâãéèêëíìîïóòôõúùûüýÿçñ';
export const SEARCH_FOLD_TO = 'aoaaaaaeeeeiiiioooouuuuyycn';

export function foldForSearch(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) {
    const i = SEARCH_FOLD_FROM.indexOf(ch);
    out += i === -1 ? ch : SEARCH_FOLD_TO[i];
  }
  return out;
}
