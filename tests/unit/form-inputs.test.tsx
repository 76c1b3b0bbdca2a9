// @vitest-environment happy-dom
/** The bound form inputs: label, value, translated error tied to the input, hint. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SwitchField, TextField } from '../../src/components/common/form-inputs.tsx';
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
});
