/**
 * Every screen area's texts, found in this folder: each file exports one area, under the name
 * that is its namespace in the translation (`users` → `users.title`). The locale files
 * (locales/en.ts, fi.ts, sv.ts) are derived from them, so a new area is its own text file and
 * nothing else. An area with a sidebar entry has a `nav` text, which the screen registry names
 * (`users.nav`); an area the roles screen names a permission area after has a `permissionArea`
 * text (../permission-labels.ts).
 *
 * The files are gathered at build time (import.meta.glob), which types cannot follow, so each
 * file also adds its area's type to AreaRegistry, beside its export:
 *
 *   declare module './index.ts' {
 *     interface AreaRegistry { users: typeof users }
 *   }
 *
 * A file that leaves this out has untyped keys, and its screen's t('users.…') calls do not compile.
 */
import type { Widen } from '../define-area.ts';

type AnyArea = { en: object; fi: object; sv: object };

/** Each area's texts by its key, as the area files declare them (see above). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the area files' declarations
export interface AreaRegistry {}

const modules = import.meta.glob<Record<string, AnyArea>>(['./*.ts', '!./index.ts'], { eager: true });

export const AREAS = Object.fromEntries(
  Object.values(modules).flatMap((exports) => Object.entries(exports)),
) as Record<string, AnyArea> as unknown as AreaRegistry;

export type Areas = AreaRegistry;
type Language = 'en' | 'fi' | 'sv';

/** One language's texts of every area, keyed by area. English keeps its literal types (the source). */
export type AreaTexts<L extends Language> = {
  [K in keyof Areas]: L extends 'en' ? Areas[K]['en'] : Widen<Areas[K]['en']>;
};

export function areaTexts<L extends Language>(language: L): AreaTexts<L> {
  return Object.fromEntries(
    Object.entries(AREAS as unknown as Record<string, AnyArea>).map(([key, texts]) => [key, texts[language]]),
  ) as AreaTexts<L>;
}

/** The areas whose texts name a sidebar entry. */
export type NavArea = { [K in keyof Areas]: Areas[K]['en'] extends { nav: string } ? K : never }[keyof Areas];
