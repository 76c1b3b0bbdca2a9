import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { dropdownPt } from '../../components/common/select-a11y.ts';

type Props = {
  /** The picker's id; its visible label is tied to it. */
  id: string;
  label: string;
  placeholder: string;
  /** Shown in the open picker when nothing is left to add. */
  emptyMessage: string;
  buttonLabel: string;
  options: readonly { label: string; value: number }[];
  /** Adds the picked value and says whether it worked; the pick clears when it did. */
  onAdd: (value: number) => Promise<boolean>;
};

/** A filterable picker with an Add button: the members tab's user, the access tab's position group. */
export function PickAndAdd({ id, label, placeholder, emptyMessage, buttonLabel, options, onAdd }: Props) {
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (picked === null) return;
    setBusy(true);
    const added = await onAdd(picked);
    setBusy(false);
    if (added) setPicked(null);
  };
  return (
    <div className="pick-and-add">
      <div className="pick-and-add__field">
        <label htmlFor={id}>{label}</label>
        <Dropdown
          inputId={id}
          value={picked}
          onChange={(e) => setPicked(e.value ?? null)}
          options={[...options]}
          placeholder={placeholder}
          emptyMessage={emptyMessage}
          emptyFilterMessage={emptyMessage}
          filter
          showClear
          // PrimeReact's hidden native select would otherwise be a form control without a name.
          pt={dropdownPt(label)}
        />
      </div>
      <Button
        type="button"
        icon="pi pi-plus"
        label={buttonLabel}
        onClick={add}
        disabled={picked === null}
        loading={busy}
      />
    </div>
  );
}
