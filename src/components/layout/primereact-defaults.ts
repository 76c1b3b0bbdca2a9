/**
 * PrimeReact settings for every component, set once when the app shell loads (there is no
 * PrimeReactProvider: the sign-in page uses no PrimeReact component). Dropdowns and multi-selects
 * keep a hidden native select and a trigger "button" beside their labelled combobox; both are for
 * the mouse and hidden from assistive technology, so axe finds no unnamed select or button. The
 * dropdown's root also loses the aria-activedescendant PrimeReact puts on it while focused (the
 * combobox input inside carries it), and says when it is disabled (its dimmed text is then exempt
 * from the contrast minimum).
 */
import PrimeReact from 'primereact/api';

const hidden = { 'aria-hidden': true, tabIndex: -1 };

PrimeReact.pt = {
  ...PrimeReact.pt,
  dropdown: {
    root: (options?: { props?: { disabled?: boolean } }) => ({
      'aria-activedescendant': undefined,
      'aria-disabled': options?.props?.disabled ? true : undefined,
    }),
    select: hidden,
    trigger: { 'aria-hidden': true },
  },
  multiselect: { trigger: { 'aria-hidden': true } },
};
