import { Button } from 'primereact/button';
import { useState } from 'react';
import { AppMultiSelect } from '../../components/common/multi-select.tsx';

type Props = {
  /** The picker's id; its visible label is tied to it. */
  id: string;
  label: string;
  placeholder: string;
  /** The open menu's filter box: its placeholder and accessible name. */
  filterLabel: string;
  /** Shown in the open picker when nothing is left to add. */
  emptyMessage: string;
  buttonLabel: string;
  options: readonly { label: string; value: number }[];
  /** Adds the picked values; resolves with those that could not be added (they stay picked). */
  onAdd: (values: number[]) => Promise<number[]>;
};

/**
 * Several picked at once, then one Add (the members tab). The kit's multi-select, so
 * ↓/↑ move, Space or Enter pick, and Tab leaves the open menu, as in the wizard's picker.
 */
export function PickManyAndAdd(props: Props) {
  const { id, label, placeholder, filterLabel, emptyMessage, buttonLabel, options, onAdd } = props;
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (picked.length === 0) return;
    setBusy(true);
    const left = await onAdd(picked);
    setBusy(false);
    setPicked(left);
  };
  return (
    <div className="pick-and-add">
      <div className="pick-and-add__field">
        <label htmlFor={id}>{label}</label>
        <AppMultiSelect
          inputId={id}
          value={picked}
          onChange={(e) => setPicked((e.value as number[]) ?? [])}
          options={[...options]}
          placeholder={placeholder}
          filterLabel={filterLabel}
          emptyMessage={emptyMessage}
          emptyFilterMessage={emptyMessage}
          showClear
        />
      </div>
      <Button
        type="button"
        icon="pi pi-plus"
        label={picked.length > 1 ? `${buttonLabel} (${picked.length})` : buttonLabel}
        onClick={add}
        disabled={picked.length === 0}
        loading={busy}
      />
    </div>
  );
}
