// @vitest-environment happy-dom
/** The task dialogs against a mocked HTTP client: what is sent, and what the user sees on failure. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { TaskInstance } from '../../src/api/gen/model';
import i18n from '../../src/i18n/index.ts';

const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);

const { InstanceFormDialog } = await import('../../src/screens/tasks/instance-form-dialog.tsx');
const { TemplateFormDialog } = await import('../../src/screens/tasks/template-form-dialog.tsx');
const { CompleteDialog } = await import('../../src/screens/tasks/complete-dialog.tsx');

const instance: TaskInstance = {
  id: 11,
  position_id: 4,
  position_code: 'A-101',
  position_name: 'Stair A',
  template_id: null,
  task_code: null,
  task_name: 'Check handrails',
  description: null,
  category: 'safety',
  priority: 2,
  duration_minutes: 30,
  is_primary: false,
  is_mandatory: true,
  specific_notes: null,
  is_completed: false,
  completed_at: null,
  completed_by: null,
  completed_by_name: null,
  completion_notes: null,
  is_active: true,
  created_at: '2026-03-05T10:00:00Z',
  updated_at: '2026-03-05T10:00:00Z',
};

const wrap = (node: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    {node}
  </QueryClientProvider>
);
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const serverError = (status: number, details?: { field: string; message: string; rule?: string }[]) =>
  new ApiError(status, {
    statusCode: status,
    error: 'Error',
    message: details?.[0]?.message ?? 'boom',
    details,
  });

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('task instance dialog', () => {
  const open = (row: TaskInstance | null, onSaved = vi.fn()) => {
    render(
      wrap(
        <InstanceFormDialog
          instance={row}
          positionId={4}
          positions={[{ value: 4, label: 'A-101 – Stair A' }]}
          visible
          onHide={() => {}}
          onSaved={onSaved}
        />,
      ),
    );
    return onSaved;
  };

  it('edits a task without moving it to another position', async () => {
    http.apiRequest.mockResolvedValue({ instance });
    const onSaved = open(instance);
    expect(screen.getByText('A-101 – Stair A')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Task name'), { target: { value: 'Check all handrails' } });
    await click('Save');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const request = http.apiRequest.mock.calls[0][0];
    expect(request).toMatchObject({ url: '/unified-tasks/instances/11', method: 'PUT' });
    expect(request.data).toMatchObject({ task_name: 'Check all handrails', category: 'safety', priority: 2 });
    expect(request.data).not.toHaveProperty('position_id');
  });

  it('puts a server field error on its field, and the spec’s message otherwise', async () => {
    http.apiRequest.mockRejectedValueOnce(
      serverError(400, [{ field: 'position_id', message: 'This position is inactive', rule: 'active' }]),
    );
    open(null);
    fireEvent.change(screen.getByLabelText('Task name'), { target: { value: 'Check handrails' } });
    await click('Save');
    expect(await screen.findByText('This position is inactive')).toBeTruthy();
    expect(screen.queryByText('Failed to save task. Please try again')).toBeNull();

    http.apiRequest.mockRejectedValueOnce(serverError(500));
    await click('Save');
    expect(await screen.findByText('Failed to save task. Please try again')).toBeTruthy();
  });

  it('validates before calling the server', async () => {
    open(null);
    fireEvent.change(screen.getByLabelText('Task name'), { target: { value: 'ab' } });
    await click('Save');
    expect(await screen.findByText('Minimum length is 3 characters')).toBeTruthy();
    expect(http.apiRequest).not.toHaveBeenCalled();
  });
});

describe('template dialog', () => {
  it('shows “Failed to save template” when the save fails without a field', async () => {
    http.apiRequest.mockRejectedValue(serverError(503));
    render(wrap(<TemplateFormDialog template={null} visible onHide={() => {}} onSaved={() => {}} />));
    fireEvent.change(screen.getByLabelText('Task name'), { target: { value: 'Fire door check' } });
    await click('Save');
    expect(await screen.findByText('Failed to save template')).toBeTruthy();
    expect(http.apiRequest.mock.calls[0][0]).toMatchObject({
      url: '/unified-tasks/templates',
      method: 'POST',
      data: { task_name: 'Fire door check', priority: 1 },
    });
  });
});

describe('complete dialog', () => {
  it('sends the notes, and says so when the task was already completed', async () => {
    http.apiRequest.mockResolvedValueOnce({ instance: { ...instance, is_completed: true } });
    const onDone = vi.fn();
    const { rerender } = render(
      wrap(<CompleteDialog instance={instance} onHide={() => {}} onDone={onDone} />),
    );
    fireEvent.change(screen.getByLabelText('Notes (optional)'), { target: { value: ' All good ' } });
    await click('Mark as done');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(http.apiRequest.mock.calls[0][0]).toMatchObject({
      url: '/unified-tasks/instances/11/complete',
      method: 'POST',
      data: { notes: 'All good' },
    });

    http.apiRequest.mockRejectedValueOnce(serverError(409));
    rerender(wrap(<CompleteDialog instance={{ ...instance, id: 12 }} onHide={() => {}} onDone={onDone} />));
    await click('Mark as done');
    expect(await screen.findByText('This task was already completed')).toBeTruthy();
  });
});
