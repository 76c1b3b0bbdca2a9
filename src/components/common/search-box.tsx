/**
 * A list's search box: typed text settles for SEARCH_DELAY_MS before `onSearch` gets it (trimmed),
 * and the box follows `value` when the URL changes under it (back button). The caller renders the
 * `<label htmlFor={id}>`, where its layout wants it.
 */
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';

/** Typing settles for this long before the list is asked again. */
export const SEARCH_DELAY_MS = 300;

type Props = {
  id: string;
  /** The search in effect (from the URL). */
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  maxLength?: number;
};

export function SearchBox({ id, value, onSearch, placeholder, maxLength }: Props) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => onSearch(draft.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);

  return (
    <IconField iconPosition="left">
      <InputIcon className="pi pi-search" />
      <InputText
        id={id}
        type="search"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
      />
    </IconField>
  );
}
