// @vitest-environment happy-dom
/**
 * AppDialog with unsaved changes and a page to leave: a route change asks first (the same question
 * as Cancel), and the screen changing its own URL is not asked. (The browser's beforeunload needs
 * a browser history: tests/e2e/a11y-open.test.ts.)
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppDialog } from '../../src/components/common/app-dialog.tsx';
import i18n from '../../src/i18n/index.ts';
import { renderScreen } from './support/render-screen.tsx';

function Screen() {
  const [name, setName] = useState('');
  const [open, setOpen] = useState(true);
  return (
    <AppDialog
      header="Add thing"
      visible={open}
      onHide={() => setOpen(false)}
      formId="thing-form"
      onSubmit={(event) => event?.preventDefault()}
      saving={false}
      dirty={name !== ''}
    >
      <label htmlFor="thing-name">Name</label>
      <input id="thing-name" value={name} onChange={(e) => setName(e.target.value)} />
    </AppDialog>
  );
}

const go = (router: Awaited<ReturnType<typeof renderScreen>>['router'], href: string) =>
  act(async () => {
    void router.navigate({ href } as Parameters<typeof router.navigate>[0]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('AppDialog when leaving the page', () => {
  it('leaves at once while nothing was typed', async () => {
    const { router } = await renderScreen(Screen, { url: '/things' });
    await go(router, '/elsewhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('asks before a route change discards typed changes: Keep editing stays, Discard leaves', async () => {
    const { router } = await renderScreen(Screen, { url: '/things' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Crane 2' } });
    await go(router, '/elsewhere');
    await screen.findByText('Discard changes?');
    expect(router.state.location.pathname).toBe('/things');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText('Discard changes?')).toBeNull());
    expect(router.state.location.pathname).toBe('/things');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Crane 2');

    await go(router, '/elsewhere');
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('does not ask when the screen changes only its own search', async () => {
    const { router } = await renderScreen(Screen, { url: '/things' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Crane 2' } });
    await go(router, '/things?page=2');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?page=2'));
    expect(screen.queryByText('Discard changes?')).toBeNull();
  });
});
