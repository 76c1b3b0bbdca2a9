/**
 * PrimeReact's InputSwitch as one switch: PrimeReact gives its wrapper a `checkbox` role around the
 * real `<input role="switch">`, which axe reports as `nested-interactive` (two controls, one of them
 * without a name). The wrapper here is a plain box; the input keeps the role, the state and the name
 * of its `<label htmlFor={inputId}>`. Use it for every switch, bound (SwitchField) or not.
 */
import { InputSwitch, type InputSwitchProps } from 'primereact/inputswitch';

/** Root attributes dropped: the role and state belong to the input alone. */
const plainRoot = { role: undefined, 'aria-checked': undefined } as object;

export function Switch(props: InputSwitchProps & { inputId: string }) {
  const { pt, ...rest } = props;
  return (
    <InputSwitch {...rest} pt={{ ...pt, root: { ...(pt?.root as object | undefined), ...plainRoot } }} />
  );
}
