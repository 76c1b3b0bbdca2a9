import { Message } from 'primereact/message';
import { MultiSelect, type MultiSelectPassThroughOptions } from 'primereact/multiselect';
import { useMemo } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Position } from '../../api/gen/model';
import { FormField } from '../../components/common/form-field.tsx';
import type { PositionGroupFormValues } from './position-group-form.schema.ts';

type Props = {
  control: Control<PositionGroupFormValues>;
  /** Every position of the site, inactive ones included (undefined while loading). */
  positions: Position[] | undefined;
  loading: boolean;
};

/**
 * What PrimeReact's menu leaves out (axe: label, nested-interactive): the filter box gets a name,
 * and each option's own checkbox is decoration (the option is what is selected and what takes the
 * click), so it is inert: neither focusable nor seen by assistive technology. The select-all
 * box is not shown: with the filter on it has no name at all, and is a checkbox inside a
 * checkbox. MultiSelect hands these keys to its inner InputText and Checkbox as their own
 * pass-through, so attributes sit under `root` (the declared type says otherwise).
 */
const menuLabels = (filter: string) =>
  ({
    filterInput: { root: { 'aria-label': filter } },
    checkbox: { root: { inert: true } },
  }) as unknown as MultiSelectPassThroughOptions;

/** Spec §2, §9: the picker's menu is at most 300px high. */
const MENU_HEIGHT = '300px';

/**
 * The group's positions (spec §2): a filterable multi-select of the active positions. Inactive
 * members stay in the group but are not offered (spec §4), so they are kept out of the picker's
 * value and added back to every change; a warning says how many there are.
 */
export function PositionPicker({ control, positions, loading }: Props) {
  const { t } = useTranslation();
  const { options, inactiveIds } = useMemo(() => {
    const all = [...(positions ?? [])].sort((a, b) => a.position_code.localeCompare(b.position_code));
    return {
      options: all
        .filter((p) => p.is_active)
        .map((p) => ({ value: p.id, label: `${p.position_code} – ${p.position_name}` })),
      inactiveIds: new Set(all.filter((p) => !p.is_active).map((p) => p.id)),
    };
  }, [positions]);

  return (
    <Controller
      name="position_ids"
      control={control}
      render={({ field, fieldState: { error } }) => {
        const ids = field.value ?? [];
        const hidden = ids.filter((id) => inactiveIds.has(id));
        const visible = ids.filter((id) => !inactiveIds.has(id));
        return (
          <FormField
            id="position-group-positions"
            label={t('positionGroups.form.positions')}
            error={error?.message}
            className="form-grid__full"
          >
            <MultiSelect
              inputId="position-group-positions"
              inputRef={field.ref}
              value={visible}
              options={options}
              onChange={(e) => field.onChange([...hidden, ...(e.value as number[])])}
              onBlur={field.onBlur}
              filter
              filterPlaceholder={t('positionGroups.form.positionsFilter')}
              pt={menuLabels(t('positionGroups.form.positionsFilter'))}
              showSelectAll={false}
              display="chip"
              scrollHeight={MENU_HEIGHT}
              placeholder={t('positionGroups.form.positionsPlaceholder')}
              emptyMessage={t('positionGroups.form.positionsEmpty')}
              loading={loading}
              invalid={Boolean(error)}
              className="position-picker"
              panelClassName="position-picker__menu"
            />
            {hidden.length > 0 ? (
              <Message
                severity="warn"
                className="position-picker__warning"
                text={t('positionGroups.form.inactiveWarning', { count: hidden.length })}
              />
            ) : null}
          </FormField>
        );
      }}
    />
  );
}
