// @vitest-environment happy-dom
/** AppDialog: the one form dialog every resource uses. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppDialog } from '../../src/components/common/app-dialog.tsx';
import i18n from '../../src/i18n/index.ts';

function renderDialog(props: { saving?: boolean; error?: string | null } = {}) {
  const onHide = vi.fn();
  const onSubmit = vi.fn((event?: { preventDefault(): void }) => event?.preventDefault());
  render(
    <AppDialog
      header="Add thing"
      visible
      onHide={onHide}
      formId="thing-form"
      onSubmit={onSubmit}
      saving={props.saving ?? false}
      error={props.error}
    >
      <label htmlFor="thing-name">Name</label>
      <input id="thing-name" />
      <label htmlFor="thing-code">Code</label>
      <input id="thing-code" />
    </AppDialog>,
  );
  return { onHide, onSubmit };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('AppDialog', () => {
  it('is a labelled dialog that focuses its first field on open', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Add thing' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('leaves the focus where the user already is when it finishes opening', async () => {
    renderDialog();
    const code = screen.getByLabelText('Code') as HTMLInputElement;
    code.focus();
    // The opening ends after this; the first field must not take the user's typing away.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(document.activeElement).toBe(code);
  });

  it('submits its form from the footer Save and closes on Cancel and Escape', async () => {
    const { onHide, onSubmit } = renderDialog();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape', code: 'Escape' });
    expect(onHide).toHaveBeenCalledTimes(2);
  });

  it('stays open while saving', () => {
    const { onHide } = renderDialog({ saving: true });
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape', code: 'Escape' });
    expect(onHide).not.toHaveBeenCalled();
  });

  it('shows the dialog-level failure above the fields', () => {
    renderDialog({ error: 'Failed to save thing. Please try again' });
    expect(screen.getByRole('alert').textContent).toContain('Failed to save thing. Please try again');
  });
});
