// @vitest-environment happy-dom
/**
 * Undo after a delete: a delete that moved its record to the trash says so with an
 * Undo button for ten seconds; Undo restores the item once and the lists refetch; a delete that
 * only deactivated, or kept nothing, shows no Undo.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useNotify } from '../../src/components/notify/notify-context.ts';
import { NotifyProvider } from '../../src/components/notify/notify-provider.tsx';
import { useConfirmedDelete } from '../../src/components/notify/use-confirmed-delete.ts';
import { UNDO_MS } from '../../src/domain/trash.ts';
import i18n from '../../src/i18n/index.ts';

const restored: number[] = [];
vi.mock('../../src/api/gen/trash/trash.ts', () => ({
  restoreTrashItem: async (id: number) => {
    restored.push(id);
    return {
      message: 'Restored',
      entity_type: 'position',
      entity_id: '7',
      restored: { positions: 1 },
      skipped: 0,
    };
  },
}));

function Undoable({ onUndo }: { onUndo: () => void }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify.undo('Deleted successfully', onUndo)}>
      delete
    </button>
  );
}

function Row({ answer }: { answer: unknown }) {
  const remove = useConfirmedDelete<{ id: number }>({
    confirm: () => ({ header: 'Delete position', message: 'Sure?' }),
    remove: async () => answer,
    deactivated: () => 'Deactivated instead',
  });
  return (
    <button type="button" onClick={() => remove({ id: 7 })}>
      row delete
    </button>
  );
}

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

function renderWithClient(node: React.ReactNode) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <NotifyProvider>{node}</NotifyProvider>
    </QueryClientProvider>,
  );
  return { invalidate };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  restored.length = 0;
});

describe('the Undo toast', () => {
  it('offers Undo, runs it once and closes', async () => {
    const onUndo = vi.fn();
    renderWithClient(<Undoable onUndo={onUndo} />);
    await click('delete');
    expect(await screen.findByText('Deleted successfully')).toBeTruthy();
    await click('Undo');
    expect(onUndo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
  });

  it('is offered for ten seconds, then gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithClient(<Undoable onUndo={() => {}} />);
    await click('delete');
    await screen.findByRole('button', { name: 'Undo' });
    await act(async () => vi.advanceTimersByTime(UNDO_MS - 1000));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(2000));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
  });

  it('a delete that went to the trash offers Undo, which restores it and refetches the lists', async () => {
    const { invalidate } = renderWithClient(
      <Row answer={{ message: 'Position deleted', outcome: 'deleted', trash_item_id: 42 }} />,
    );
    await click('row delete');
    await screen.findByRole('dialog', { name: 'Delete position' });
    await click('Delete');
    await screen.findByRole('button', { name: 'Undo' });
    await click('Undo');
    await waitFor(() => expect(restored).toEqual([42]));
    expect(await screen.findByText('Restored')).toBeTruthy();
    expect(invalidate).toHaveBeenCalled();
  });

  it('a delete that deactivated instead offers no Undo', async () => {
    renderWithClient(<Row answer={{ message: 'Deactivated', outcome: 'deactivated' }} />);
    await click('row delete');
    await screen.findByRole('dialog', { name: 'Delete position' });
    await click('Delete');
    expect(await screen.findByText('Deactivated instead')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
