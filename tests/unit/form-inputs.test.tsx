// @vitest-environment happy-dom
/** The bound form inputs: label, value, translated error tied to the input, hint. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DropdownField,
  MultiSelectField,
  NumberField,
  SwitchField,
  TextField,
} from '../../src/components/common/form-inputs.tsx';
import { formMessage } from '../../src/components/common/form-message.ts';
import i18n from '../../src/i18n/index.ts';

type Values = { code: string; active: boolean };

function Form({ error }: { error?: string }) {
  const { control, setError, watch } = useForm<Values>({ defaultValues: { code: 'AB', active: true } });
  useEffect(() => {
    if (error) setError('code', { type: 'server', message: error });
  }, [error, setError]);
  return (
    <>
      <TextField control={control} name="code" id="thing-code" label="Code" hint="Two letters or more" />
      <SwitchField control={control} name="active" id="thing-active" label="Active" hint="Shown in pickers" />
      <output>{JSON.stringify(watch())}</output>
    </>
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('form inputs', () => {
  it('edit the form value through their label, with the hint as description', async () => {
    render(<Form />);
    const code = screen.getByLabelText('Code');
    expect((code as HTMLInputElement).value).toBe('AB');
    expect(code.getAttribute('aria-describedby')).toBe('thing-code-hint');
    fireEvent.change(code, { target: { value: 'ABC' } });
    await act(async () => fireEvent.click(screen.getByLabelText('Active')));
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ code: 'ABC', active: false });
  });

  it('show the translated error in place of the hint and mark the input invalid', () => {
    render(<Form error={formMessage('validation.minLength', { min: 2 })} />);
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toBe('thing-code-error');
    expect(screen.getByRole('alert').textContent).toBe('Minimum length is 2 characters');
    expect(screen.queryByText('Two letters or more')).toBeNull();
  });

  it('render the switch as one control named by its visible label (no checkbox role around it)', () => {
    render(<Form />);
    const active = screen.getByRole('switch', { name: 'Active' });
    expect(active.getAttribute('aria-checked')).toBe('true');
    expect(active.getAttribute('aria-describedby')).toBe('thing-active-hint');
    expect(screen.queryByRole('checkbox')).toBeNull();
    const root = active.parentElement as HTMLElement;
    expect(root.getAttribute('role')).toBeNull();
    expect(root.getAttribute('aria-checked')).toBeNull();
    expect(root.getAttribute('aria-describedby')).toBeNull();
  });

  it('bind a number (empty is null, decimals when asked) and a text field with a button joined to it', async () => {
    type N = { priority: number | null; latitude: number | null; code: string };
    function Numbers() {
      const { control, watch, setValue } = useForm<N>({
        defaultValues: { priority: 3, latitude: null, code: '' },
      });
      return (
        <>
          <NumberField control={control} name="priority" id="n-priority" label="Priority" min={1} max={5} />
          <NumberField control={control} name="latitude" id="n-lat" label="Latitude" decimals={6} />
          <TextField
            control={control}
            name="code"
            id="n-code"
            label="Code"
            addon={
              <button type="button" onClick={() => setValue('code', 'GEN-1')}>
                Generate
              </button>
            }
          />
          <output>{JSON.stringify(watch())}</output>
        </>
      );
    }
    render(<Numbers />);
    const priority = screen.getByLabelText('Priority') as HTMLInputElement;
    expect(priority.value).toBe('3');
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate' })));
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('GEN-1');
    expect(screen.getByLabelText('Code').parentElement?.className).toContain('p-inputgroup');
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      priority: 3,
      latitude: null,
      code: 'GEN-1',
    });
  });

  it('name a dropdown and a multi-select, and keep the multi-select values it does not offer', async () => {
    type M = { manager: number | null; ids: number[] };
    function Pickers() {
      const { control, watch } = useForm<M>({ defaultValues: { manager: 2, ids: [9, 1] } });
      return (
        <>
          <DropdownField
            control={control}
            name="manager"
            id="m-manager"
            label="Manager"
            options={[
              { label: 'Ann', value: 1 },
              { label: 'Bob', value: 2 },
            ]}
            filter
            showClear
          />
          <MultiSelectField
            control={control}
            name="ids"
            id="m-ids"
            label="Positions"
            filterLabel="Filter positions"
            options={[
              { label: 'A-1', value: 1 },
              { label: 'B-2', value: 2 },
            ]}
            kept={(id: number) => id === 9}
          >
            <p>One inactive</p>
          </MultiSelectField>
          <output>{JSON.stringify(watch())}</output>
        </>
      );
    }
    const { container } = render(<Pickers />);
    expect(container.querySelector('#m-manager')?.getAttribute('aria-haspopup')).toBe('listbox');
    expect(container.querySelector('select[aria-label="Manager"]')).not.toBeNull();
    expect(container.querySelector('.p-dropdown-trigger')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByLabelText('Positions')).toBeTruthy();
    expect(screen.getByText('One inactive')).toBeTruthy();
    // The kept id is not shown as a chip; the offered one is.
    expect(screen.getByText('A-1')).toBeTruthy();
    expect(screen.queryByText('9')).toBeNull();
    // Clearing the dropdown gives null.
    const clear = container.querySelector('.p-dropdown-clear-icon') as Element;
    await act(async () => fireEvent.pointerUp(clear));
    // Removing the chip keeps the kept id.
    const remove = container.querySelector('.p-multiselect-token-icon') as Element;
    await act(async () => fireEvent.click(remove));
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ manager: null, ids: [9] });
  });
});
