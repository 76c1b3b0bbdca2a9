import { describe, expect, it } from 'vitest';
import {
  GENERATED_GROUP_CODE_LENGTH,
  GROUP_CODE_REGEX,
  generatePositionGroupCode,
} from '../../src/domain/position-groups.ts';

describe('generatePositionGroupCode', () => {
  it.each([
    ['Floor 2 – East', 'floor_2_east'],
    ['North Gate', 'north_gate'],
    ['  Roof  &  Attic  ', 'roof_attic'],
    ['Kerros 3 – Itä', 'kerros_3_ita'],
    ['Våning 1 / Söder', 'vaning_1_soder'],
    ['A-block (west)', 'ablock_west'],
    ['TOWER_B', 'towerb'],
  ])('%s → %s', (name, code) => {
    expect(generatePositionGroupCode(name)).toBe(code);
  });

  it('cuts to 20 characters without leaving an underscore at the end', () => {
    expect(generatePositionGroupCode('Building A north side entrance')).toBe('building_a_north_sid');
    // The cut falls just after "wing": the space that followed must not stay as "_".
    expect(generatePositionGroupCode('East wing level two west')).toBe('east_wing_level_two');
    expect(generatePositionGroupCode('x'.repeat(50))).toHaveLength(GENERATED_GROUP_CODE_LENGTH);
  });

  it('gives only codes the server accepts, or nothing for a name without letters or digits', () => {
    for (const name of ['Floor 2 – East', 'Ä Ö Å', '№ 5 — Σ', 'tab\tand\nnewline']) {
      const code = generatePositionGroupCode(name);
      expect(code === '' || GROUP_CODE_REGEX.test(code), `${name} → ${code}`).toBe(true);
    }
    expect(generatePositionGroupCode('— & —')).toBe('');
  });
});
