// @vitest-environment happy-dom
/**
 * The audit log screen: the URL's filters sent to the server, the next page by cursor, an event
 * opened to its diff, the chain check's answer in words (intact or broken at an event); and a
 * record's History panel, read only when opened, older pages on request.
 */

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../../src/api/gen/model';
import { hasPermission, type Permission } from '../../src/domain/permissions.ts';
import { renderScreen } from './support/render-screen.tsx';

const session = vi.hoisted(() => ({ role: 'admin' as string }));
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { id: 1, role: session.role, first_name: 'A', last_name: 'B' },
  }),
  usePermissions: () => ({
    role: session.role,
    can: (p: Permission) => hasPermission(session.role, p),
  }),
}));

const { AuditLogScreen } = await import('../../src/screens/audit-log/audit-log-screen.tsx');
const { validateAuditLogSearch } = await import('../../src/screens/audit-log/audit-log-search.ts');
const { RecordHistory } = await import('../../src/components/audit/record-history.tsx');

const event = (id: number, over: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: '2026-03-02T08:15:00Z',
  actor_id: 4,
  actor_name: 'Aino Admin',
  action: 'position.update',
  entity_type: 'position',
  entity_id: '12',
  changes: { position_name: { old: 'Gate', new: 'Gate 2' } },
  details: null,
  request_id: 'req-1',
  client: '10.0.0.9',
  hash: 'h',
  ...over,
});

let verifyAnswer: unknown = { ok: true, count: 42 };

function answer(config: { url: string; params?: Record<string, unknown> }) {
  if (config.url === '/audit-events') {
    if (config.params?.cursor === '9')
      return { audit_events: [event(8, { action: 'position.create' })], next_cursor: null };
    return {
      audit_events: [event(10), event(9, { actor_id: null, actor_name: 'system' })],
      next_cursor: '9',
    };
  }
  if (config.url === '/audit-events/verify') return verifyAnswer;
  if (config.url === '/users') return { users: [] };
  throw new Error(`unexpected ${config.url}`);
}

const calls = (url: string) =>
  http.apiRequest.mock.calls.map(([c]) => c).filter((c) => c.url === url) as {
    params: Record<string, unknown>;
  }[];

async function renderLog(url = '/audit-log') {
  http.apiRequest.mockImplementation(async (config) => answer(config));
  return renderScreen(AuditLogScreen, { url, validateSearch: validateAuditLogSearch });
}

afterEach(() => {
  cleanup();
  http.apiRequest.mockReset();
  session.role = 'admin';
  verifyAnswer = { ok: true, count: 42 };
});

describe('audit log screen', () => {
  it('asks the server for the filters in the URL and lists the events in words', async () => {
    await renderLog('/audit-log?entity_type=position&entity_id=12&action=position.update&from=2026-03-01');
    await waitFor(() => expect(screen.getAllByText('Position updated').length).toBeGreaterThan(0));
    expect(screen.getAllByText('Position #12').length).toBe(2);
    expect(calls('/audit-events')[0].params).toMatchObject({
      entity_type: 'position',
      entity_id: '12',
      action: 'position.update',
      from: '2026-03-01',
      limit: 50,
    });
    expect(screen.getAllByText('Aino Admin').length).toBeGreaterThan(0);
    expect(screen.getByText('System')).toBeTruthy();
  });

  it('follows the next cursor to the next page', async () => {
    await renderLog();
    await waitFor(() => expect(screen.getAllByText('Position updated').length).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(screen.getByText('Position created')).toBeTruthy());
    expect(calls('/audit-events').at(-1)?.params.cursor).toBe('9');
  });

  it('opens an event to its diff, old → new', async () => {
    await renderLog();
    const toggle = await screen.findByRole('button', { name: 'Show changes of event #10' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const diff = await screen.findByRole('table', { name: 'Changed fields' });
    expect(within(diff).getByText('Gate').tagName).toBe('DEL');
    expect(within(diff).getByText('Gate 2').tagName).toBe('INS');
    expect(screen.getByText('req-1')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Hide changes of event #10' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('verifies the chain on request and says what it found', async () => {
    await renderLog();
    expect(calls('/audit-events/verify')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('The chain is intact: 42 events checked.')).toBeTruthy();
    verifyAnswer = { ok: false, count: 7, broken_id: 8, reason: 'content' };
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(
      await screen.findByText(
        'The chain is broken at event #8: its content was changed after it was written.',
      ),
    ).toBeTruthy();
  });
});

describe('record history panel', () => {
  const renderHistory = () => {
    http.apiRequest.mockImplementation(async (config) => answer(config));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <RecordHistory target={{ entityType: 'position', entityId: 12 }} />
      </QueryClientProvider>,
    );
  };

  it('reads the history only when opened, with each event’s diff and older pages on request', async () => {
    renderHistory();
    const toggle = screen.getByRole('button', { name: 'History' });
    expect(calls('/audit-events')).toHaveLength(0);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getAllByRole('table', { name: 'Changed fields' })).toHaveLength(2));
    expect(calls('/audit-events')[0].params).toMatchObject({ entity_type: 'position', entity_id: '12' });
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(screen.getByText('Position created')).toBeTruthy());
  });

  it('says so when the history cannot be read', async () => {
    renderHistory();
    http.apiRequest.mockRejectedValue(new Error('403'));
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByText('Failed to load the history')).toBeTruthy();
  });
});
