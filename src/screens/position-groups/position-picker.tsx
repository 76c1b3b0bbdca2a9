import { Message } from 'primereact/message';
import { useMemo } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useListPositions } from '../../api/gen/positions/positions.ts';
import { MultiSelectField } from '../../components/common/form-inputs.tsx';
import type { PositionGroupFormValues } from './position-group-form.schema.ts';
import './position-picker.css';

/**
 * Every position of the site, inactive ones too: the picker hides those but must know them to
 * count the group's inactive members and keep them on save. Read while the dialog is open.
 */
const usePickerPositions = () =>
  useListPositions({ include_inactive: true }, { query: { select: (body) => body.positions } });

/**
 * The group's positions: a filterable multi-select of the active positions. Inactive members stay
 * in the group but are not offered, so the field keeps them out of the picker's value and adds them
 * back to every change; a warning says how many there are.
 */
export function PositionPicker({ control }: { control: Control<PositionGroupFormValues> }) {
  const { t } = useTranslation();
  const { data: positions, isPending: loading } = usePickerPositions();
  const { options, inactiveIds } = useMemo(() => {
    const all = [...(positions ?? [])].sort((a, b) => a.position_code.localeCompare(b.position_code));
    return {
      options: all
        .filter((p) => p.is_active)
        .map((p) => ({ value: p.id, label: `${p.position_code} – ${p.position_name}` })),
      inactiveIds: new Set(all.filter((p) => !p.is_active).map((p) => p.id)),
    };
  }, [positions]);
  const ids = useWatch({ control, name: 'position_ids' }) ?? [];
  const hidden = ids.filter((id) => inactiveIds.has(id)).length;

  return (
    <MultiSelectField
      control={control}
      name="position_ids"
      id="position-group-positions"
      label={t('positionGroups.form.positions')}
      className="form-grid__full"
      options={options}
      kept={(id: number) => inactiveIds.has(id)}
      filterLabel={t('positionGroups.form.positionsFilter')}
      placeholder={t('positionGroups.form.positionsPlaceholder')}
      emptyMessage={t('positionGroups.form.positionsEmpty')}
      loading={loading}
      inputClassName="position-picker"
      panelClassName="position-picker__menu"
    >
      {hidden > 0 ? (
        <Message
          severity="warn"
          className="position-picker__warning"
          text={t('positionGroups.form.inactiveWarning', { count: hidden })}
        />
      ) : null}
    </MultiSelectField>
  );
}
