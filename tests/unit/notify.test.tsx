// @vitest-environment happy-dom
/** useNotify: the app's one toast and one confirm dialog, as a screen uses them. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConfirmOptions } from '../../src/components/notify/notify-context.ts';
import { useNotify } from '../../src/components/notify/notify-context.ts';
import { NotifyProvider } from '../../src/components/notify/notify-provider.tsx';
import i18n from '../../src/i18n/index.ts';

function Screen({ confirm }: { confirm?: ConfirmOptions }) {
  const notify = useNotify();
  return (
    <>
      <button type="button" onClick={() => notify.success('Saved successfully')}>
        toast
      </button>
      <button type="button" onClick={() => notify.error('Error deleting')}>
        fail
      </button>
      {confirm ? (
        <button type="button" onClick={() => notify.confirm(confirm)}>
          ask
        </button>
      ) : null}
    </>
  );
}

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('useNotify', () => {
  it('shows success and error toasts with their summaries', async () => {
    render(
      <NotifyProvider>
        <Screen />
      </NotifyProvider>,
    );
    await click('toast');
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    await click('fail');
    expect(await screen.findByText('Error deleting')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('asks before a dangerous action, and runs it only when accepted', async () => {
    const onAccept = vi.fn();
    const confirm = { header: 'Delete user', message: 'Are you sure?', danger: true, onAccept };
    render(
      <NotifyProvider>
        <Screen confirm={confirm} />
      </NotifyProvider>,
    );
    await click('ask');
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog.textContent).toContain('Are you sure?');
    await click('Cancel');
    expect(onAccept).not.toHaveBeenCalled();

    await click('ask');
    await screen.findByRole('dialog', { name: 'Delete user' });
    await click('Delete');
    await waitFor(() => expect(onAccept).toHaveBeenCalledTimes(1));
  });

  it('refuses to work outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Screen />)).toThrow(/NotifyProvider/);
  });
});
