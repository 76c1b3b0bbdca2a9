/**
 * PrimeReact settings for every component, set once when the app shell loads (there is no
 * PrimeReactProvider: the sign-in page uses no PrimeReact component). Dropdowns and multi-selects
 * keep a hidden native select and a trigger "button" beside their labelled combobox; both are for
 * the mouse and hidden from assistive technology, so axe finds no unnamed select or button.
 */
import PrimeReact from 'primereact/api';

const hidden = { 'aria-hidden': true, tabIndex: -1 };

PrimeReact.pt = {
  ...PrimeReact.pt,
  dropdown: { select: hidden, trigger: { 'aria-hidden': true } },
  multiselect: { trigger: { 'aria-hidden': true } },
};
