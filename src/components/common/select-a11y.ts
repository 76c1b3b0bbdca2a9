/**
 * The pass-through every PrimeReact select needs for axe, in one place.
 * - Dropdown: its hidden native select and its menu's filter box get the field's name, its
 *   decorative trigger is hidden from assistive technology (axe: select-name, label,
 *   aria-command-name).
 * - MultiSelect: the menu's filter box gets a name, and each option's own checkbox is decoration
 *   (the option is what is selected and takes the click), so it is inert (axe: label,
 *   nested-interactive). MultiSelect hands these keys to its inner InputText and Checkbox as their
 *   own pass-through, so the attributes sit under `root` (the declared type says otherwise). Hide
 *   the select-all box (showSelectAll={false}) where the filter is on: it has no name there.
 */
import type { DropdownPassThroughOptions } from 'primereact/dropdown';
import type { MultiSelectPassThroughOptions } from 'primereact/multiselect';
import i18n from '../../i18n/core.ts';

export const dropdownPt = (label: string): DropdownPassThroughOptions => ({
  trigger: { 'aria-hidden': true },
  select: { 'aria-label': label },
  // The menu's filter box, where there is one, is named after its field (axe: label).
  filterInput: { 'aria-label': i18n.t('common.filterOptions', { label }) },
});

export const multiSelectPt = (filterLabel: string) =>
  ({
    filterInput: { root: { 'aria-label': filterLabel } },
    checkbox: { root: { inert: true } },
    // A long menu scrolls; its scroll box takes focus so it can be scrolled by keys (axe:
    // scrollable-region-focusable), the options themselves being reached with the arrows.
    wrapper: { tabIndex: 0 },
  }) as unknown as MultiSelectPassThroughOptions;
