import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ValidationError } from 'yup';
import type { PositionGroupDetail } from '../../src/api/gen/model';
import { translateFormMessage } from '../../src/components/common/form-message.ts';
import { resources } from '../../src/i18n/resources.ts';
import {
  type PositionGroupFormValues,
  positionGroupForm,
  positionGroupFormSchema,
  toCreateBody,
  toUpdateBody,
} from '../../src/screens/position-groups/position-group-form.schema.ts';

const t = i18next.createInstance();
beforeAll(async () => {
  await t.init({ resources, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } });
});

const valid: PositionGroupFormValues = {
  group_name: 'Floor 2 – East',
  group_code: 'floor_2_east',
  description: '',
  position_ids: [3, 1],
  is_active: true,
};

/** Every field's first error, translated as the form would show it. */
function errorsOf(values: Partial<PositionGroupFormValues>, lng = 'en'): Record<string, string> {
  try {
    positionGroupFormSchema.validateSync({ ...valid, ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    const out: Record<string, string> = {};
    for (const inner of (error as ValidationError).inner) {
      if (inner.path && !out[inner.path])
        out[inner.path] = translateFormMessage(t.getFixedT(lng), inner.message);
    }
    return out;
  }
}

describe('position group form schema', () => {
  it('accepts a valid group', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('requires a name and a code of at least 2 characters', () => {
    expect(errorsOf({ group_name: '  ', group_code: '' })).toEqual({
      group_name: 'This field is required',
      group_code: 'This field is required',
    });
    expect(errorsOf({ group_name: 'A', group_code: 'b' })).toEqual({
      group_name: 'Minimum length is 2 characters',
      group_code: 'Minimum length is 2 characters',
    });
  });

  it('allows only letters, digits, _ and - in the code, in the user’s language', () => {
    expect(errorsOf({ group_code: 'Floor-2_B' })).toEqual({});
    expect(errorsOf({ group_code: 'floor 2' })).toEqual({
      group_code: 'Use only letters, digits, underscores (_) and hyphens (-)',
    });
    expect(errorsOf({ group_code: 'itä' }, 'fi')).toEqual({
      group_code: 'Käytä vain kirjaimia, numeroita, alaviivoja (_) ja yhdysmerkkejä (-)',
    });
  });
});

describe('position group form values and bodies', () => {
  const detail: PositionGroupDetail = {
    id: 9,
    group_name: 'Roof',
    group_code: 'roof',
    description: null,
    is_active: false,
    position_count: 2,
    active_position_count: 1,
    created_at: '2026-03-05T10:00:00Z',
    updated_at: '2026-03-05T10:00:00Z',
    positions: [
      { id: 4, position_code: 'R1', position_name: 'Ridge', is_active: false },
      { id: 5, position_code: 'R2', position_name: 'Gutter', is_active: true },
    ],
  };

  it('starts an edit from every member, inactive ones included', () => {
    expect(positionGroupForm.values?.(detail)).toEqual({
      group_name: 'Roof',
      group_code: 'roof',
      description: '',
      position_ids: [4, 5],
      is_active: false,
    });
    expect(positionGroupForm.values?.(null)).toMatchObject({
      group_name: '',
      position_ids: [],
      is_active: true,
    });
  });

  it('sends an empty description as null, and the status only on edit', () => {
    expect(toCreateBody(valid)).toEqual({
      group_name: 'Floor 2 – East',
      group_code: 'floor_2_east',
      description: null,
      position_ids: [3, 1],
    });
    expect(toUpdateBody({ ...valid, description: 'East wing', is_active: false })).toMatchObject({
      description: 'East wing',
      is_active: false,
    });
  });
});
