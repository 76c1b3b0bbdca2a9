/** The text areas are found in src/i18n/areas, and the roles screen names every permission area. */
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { PERMISSION_AREAS, type PermissionArea } from '../../src/domain/permissions.ts';
import { AREAS } from '../../src/i18n/areas/index.ts';
import { enCore } from '../../src/i18n/locales/core-en.ts';
import { en } from '../../src/i18n/locales/en.ts';
import { permissionAreaLabel } from '../../src/i18n/permission-labels.ts';

const areaFiles = import.meta.glob<Record<string, unknown>>(
  ['../../src/i18n/areas/*.ts', '!../../src/i18n/areas/index.ts'],
  { eager: true },
);

describe('text areas', () => {
  it('each area file exports one area, and every one is in the translation', () => {
    const names = Object.values(areaFiles).flatMap((exports) => Object.keys(exports));
    expect(Object.values(areaFiles).every((exports) => Object.keys(exports).length === 1)).toBe(true);
    expect(Object.keys(AREAS).sort()).toEqual(names.sort());
    for (const name of names) expect(en, name).toHaveProperty(name);
  });

  it('no area takes a core namespace', () => {
    const core = Object.keys(enCore);
    expect(Object.keys(AREAS).filter((name) => core.includes(name))).toEqual([]);
  });

  it('names every permission area, in its own area’s texts where it has some', async () => {
    const t = i18n.createInstance();
    await t.init({ lng: 'en', resources: { en: { translation: en } } });
    for (const area of Object.keys(PERMISSION_AREAS) as PermissionArea[]) {
      const key = permissionAreaLabel(area);
      expect(t.exists(key), `${area}: ${key}`).toBe(true);
    }
    expect(permissionAreaLabel('position_groups')).toBe('positionGroups.permissionArea');
    expect(permissionAreaLabel('system')).toBe('rolesScreen.categories.system');
  });
});
