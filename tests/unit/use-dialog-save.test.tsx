// @vitest-environment happy-dom
/** useDialogSave: the Save of a dialog that is no react-hook-form (import, dependency, complete…). */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type DialogSaveOptions, useDialogSave } from '../../src/components/common/use-dialog-save.ts';

function setup(options: Partial<DialogSaveOptions> = {}) {
  const base: DialogSaveOptions = {
    header: 'Do it',
    visible: true,
    onHide: vi.fn(),
    onOpen: vi.fn(),
    save: vi.fn(async () => undefined),
    failureMessage: (error) => `Failed: ${(error as Error).message}`,
    ...options,
  };
  const hook = renderHook((props: DialogSaveOptions) => useDialogSave(props), { initialProps: base });
  const submit = () => act(() => hook.result.current.dialogProps.onSubmit());
  return { ...hook, base, submit };
}

describe('useDialogSave', () => {
  it('resets on each opening: the dialog’s own state, the alert and the tried mark', async () => {
    const { result, rerender, base, submit } = setup({ missing: true });
    expect(base.onOpen).toHaveBeenCalledTimes(1);
    await submit();
    expect(base.save).not.toHaveBeenCalled();
    expect(result.current.tried).toBe(true);
    act(() => result.current.setError('Cannot read the file'));
    expect(result.current.dialogProps.error).toBe('Cannot read the file');

    rerender({ ...base, missing: true, visible: false });
    rerender({ ...base, missing: true, visible: true });
    expect(base.onOpen).toHaveBeenCalledTimes(2);
    expect(result.current.tried).toBe(false);
    expect(result.current.dialogProps.error).toBeNull();
  });

  it('keeps Save disabled and sends nothing until the dialog is ready', async () => {
    const { result, submit, base } = setup({ ready: false });
    expect(result.current.dialogProps.saveDisabled).toBe(true);
    await submit();
    expect(base.save).not.toHaveBeenCalled();
  });

  it('shows the spinner while saving, then a refusal or the failure in the alert', async () => {
    let answer: (text: string) => void = () => {};
    const save = vi
      .fn<() => Promise<unknown>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
      .mockRejectedValueOnce(new Error('Database down'));
    const { result, submit } = setup({ save });

    let pending: Promise<void> = Promise.resolve();
    act(() => {
      pending = result.current.dialogProps.onSubmit();
    });
    expect(result.current.dialogProps.saving).toBe(true);
    await act(async () => {
      answer('Would create a cycle');
      await pending;
    });
    expect(result.current.dialogProps).toMatchObject({ saving: false, error: 'Would create a cycle' });

    await submit();
    expect(result.current.dialogProps).toMatchObject({ saving: false, error: 'Failed: Database down' });
  });
});
