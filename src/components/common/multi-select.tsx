/**
 * The console's one multi-select: PrimeReact's MultiSelect with a named filter box, inert option
 * checkboxes (select-a11y.ts), a menu at most 300px high and Tab that leaves. PrimeReact's own Tab,
 * pressed in the open menu's filter, moves focus between the menu's hidden guards and the field, so
 * a keyboard user never got past the picker; here it closes the menu and focus moves on to the next
 * control (Shift+Tab: the previous one), as from any other field.
 */
import { MultiSelect, type MultiSelectProps } from 'primereact/multiselect';
import { type KeyboardEvent, useRef } from 'react';
import { multiSelectPt } from './select-a11y.ts';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The control after (or before) `from` in document order, outside it and outside any open menu. */
function neighbour(from: HTMLElement, backwards: boolean): HTMLElement | undefined {
  const candidates = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      !from.contains(el) &&
      !el.closest('[data-pr-is-overlay="true"], .p-hidden-focusable') &&
      el.getClientRects().length > 0,
  );
  if (backwards)
    return candidates.findLast((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
  return candidates.find((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
}

export type AppMultiSelectProps = Omit<MultiSelectProps, 'pt' | 'filter' | 'filterPlaceholder'> & {
  /** The filter box's placeholder and accessible name. */
  filterLabel: string;
};

export function AppMultiSelect({ filterLabel, ...props }: AppMultiSelectProps) {
  const ref = useRef<MultiSelect>(null);
  const onKeyDownCapture = (event: KeyboardEvent) => {
    const select = ref.current;
    const root = select?.getElement();
    if (event.key !== 'Tab' || !select?.getOverlay() || !root) return;
    event.preventDefault();
    event.stopPropagation();
    select.hide();
    neighbour(root, event.shiftKey)?.focus();
  };
  return (
    // Only catches Tab on its way to the menu.
    <div className="multi-select-keys" onKeyDownCapture={onKeyDownCapture}>
      <MultiSelect
        ref={ref}
        filter
        filterPlaceholder={filterLabel}
        pt={multiSelectPt(filterLabel)}
        showSelectAll={false}
        display="chip"
        scrollHeight="300px"
        {...props}
      />
    </div>
  );
}
