/**
 * Every screen area's texts, listed once: the locale files (locales/en.ts, fi.ts, sv.ts) are
 * derived from this list, so a new area is its own text file plus one line here. The key is the
 * area's namespace in the translation (`users.title`); an area with a sidebar entry has a `nav`
 * text, which the screen registry names (`users.nav`).
 */
import type { Widen } from '../define-area.ts';
import { account } from './account.ts';
import { assignments } from './assignments.ts';
import { auditLog } from './audit-log.ts';
import { coverage } from './coverage.ts';
import { coverageMap } from './coverage-map.ts';
import { dashboard } from './dashboard.ts';
import { field } from './field.ts';
import { notifications } from './notifications.ts';
import { passwordLinks } from './password-links.ts';
import { positionGroups } from './position-groups.ts';
import { positions } from './positions.ts';
import { roles as rolesScreen } from './roles.ts';
import { siteSettings } from './site-settings.ts';
import { systemStatus } from './system-status.ts';
import { tasks } from './tasks.ts';
import { trash } from './trash.ts';
import { userGroups } from './user-groups.ts';
import { users } from './users.ts';
import { visitSchedules } from './visit-schedules.ts';
import { webhooks } from './webhooks.ts';
import { workEntries } from './work-entries.ts';

export const AREAS = {
  dashboard,
  field,
  users,
  workEntries,
  account,
  assignments,
  userGroups,
  positions,
  positionGroups,
  passwordLinks,
  rolesScreen,
  siteSettings,
  systemStatus,
  auditLog,
  tasks,
  trash,
  visitSchedules,
  coverage,
  notifications,
  webhooks,
  coverageMap,
} as const;

type Areas = typeof AREAS;
type Language = 'en' | 'fi' | 'sv';

/** One language's texts of every area, keyed by area. English keeps its literal types (the source). */
export type AreaTexts<L extends Language> = {
  [K in keyof Areas]: L extends 'en' ? Areas[K]['en'] : Widen<Areas[K]['en']>;
};

export function areaTexts<L extends Language>(language: L): AreaTexts<L> {
  return Object.fromEntries(
    Object.entries(AREAS).map(([key, texts]) => [key, texts[language]]),
  ) as AreaTexts<L>;
}

/** The areas whose texts name a sidebar entry. */
export type NavArea = { [K in keyof Areas]: Areas[K]['en'] extends { nav: string } ? K : never }[keyof Areas];
