// @vitest-environment happy-dom
/**
 * The add-dependency dialog: the depends-on choice leaves out the from
 * task; the server validates first and its error, or 'Dependency validation failed', shows in the
 * dialog; a create that still fails says 'Failed to create dependency'. The HTTP client is mocked.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { PositionTaskAssignment } from '../../src/api/gen/model';
import i18n from '../../src/i18n/index.ts';

const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);

const { DependencyDialog } = await import('../../src/screens/assignments/dependency-dialog.tsx');

const row = (taskId: number, code: string): PositionTaskAssignment => ({
  position_id: 5,
  task_id: taskId,
  position_code: 'AS-101',
  position_name: 'North stair',
  task_code: code,
  task_name: `${code} task`,
  is_primary: false,
  is_active: true,
  assigned_at: '2026-03-05T10:00:00Z',
  updated_at: '2026-03-05T10:00:00Z',
});
const ASSIGNED = [row(1, 'WELD'), row(2, 'PAINT'), row(3, 'INSPECT')];

function renderDialog(onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DependencyDialog positionId={5} assigned={ASSIGNED} visible onHide={() => {}} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const dropdown = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }).closest('.p-dropdown') as HTMLElement;
/** The items of the dropdown opened last (an earlier panel may still be fading out). */
const options = () => {
  const panels = document.querySelectorAll<HTMLElement>('.p-dropdown-panel');
  const last = panels[panels.length - 1];
  return last ? [...last.querySelectorAll<HTMLElement>('.p-dropdown-item')] : [];
};
async function optionNames(label: string) {
  await act(async () => fireEvent.click(dropdown(label)));
  const names = options().map((o) => o.textContent);
  await act(async () => fireEvent.click(dropdown(label)));
  return names;
}
async function pick(label: string, name: string) {
  await act(async () => fireEvent.click(dropdown(label)));
  await waitFor(() => expect(options().length).toBeGreaterThan(0));
  await act(async () => fireEvent.click(options().find((o) => o.textContent === name) as HTMLElement));
}
const add = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
const calls = () => http.apiRequest.mock.calls.map(([c]) => c as AxiosRequestConfig);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('add dependency dialog', () => {
  it('needs both tasks, and leaves the from task out of the depends-on choice', async () => {
    renderDialog();
    await add();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(calls()).toEqual([]);
    await pick('Task', 'PAINT – PAINT task');
    expect(await optionNames('Depends on')).toEqual(['WELD – WELD task', 'INSPECT – INSPECT task']);
  });

  it('validates first, then creates with the chosen type, and closes', async () => {
    http.apiRequest.mockImplementation(async (config: AxiosRequestConfig) =>
      config.url === '/task-dependencies/validate'
        ? { valid: true, error: null, field: null, code: null, cycle: null }
        : { dependency: { id: 9 } },
    );
    const onSaved = renderDialog();
    await pick('Task', 'WELD – WELD task');
    await pick('Depends on', 'PAINT – PAINT task');
    await pick('Type', 'Blocks');
    await add();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls().map((c) => [c.url, c.data])).toEqual([
      ['/task-dependencies/validate', { position_id: 5, task_id: 1, depends_on_task_id: 2 }],
      [
        '/task-dependencies',
        { position_id: 5, task_id: 1, depends_on_task_id: 2, dependency_type: 'blocks' },
      ],
    ]);
  });

  it('shows the server’s reason when validation refuses, and creates nothing', async () => {
    http.apiRequest.mockResolvedValue({
      valid: false,
      error: 'This dependency would create a cycle: INSPECT → WELD → PAINT → INSPECT',
      field: 'depends_on_task_id',
      code: 'DEPENDENCY_CYCLE',
      cycle: ['INSPECT', 'WELD', 'PAINT', 'INSPECT'],
    });
    renderDialog();
    await pick('Task', 'INSPECT – INSPECT task');
    await pick('Depends on', 'WELD – WELD task');
    await add();
    expect(
      await screen.findByText('This dependency would create a cycle: INSPECT → WELD → PAINT → INSPECT'),
    ).toBeTruthy();
    expect(calls().map((c) => c.url)).toEqual(['/task-dependencies/validate']);
  });

  it('says "Dependency validation failed" when the validation call itself fails', async () => {
    http.apiRequest.mockRejectedValue(
      new ApiError(0, { statusCode: 0, error: 'Network Error', message: 'Network Error' }),
    );
    renderDialog();
    await pick('Task', 'WELD – WELD task');
    await pick('Depends on', 'PAINT – PAINT task');
    await add();
    expect(await screen.findByText('Dependency validation failed')).toBeTruthy();
  });

  it('says "Failed to create dependency" when the create fails after a valid check', async () => {
    http.apiRequest.mockImplementation(async (config: AxiosRequestConfig) => {
      if (config.url === '/task-dependencies/validate') return { valid: true, error: null };
      throw new ApiError(503, { statusCode: 503, error: 'Service Unavailable', message: 'Database down' });
    });
    const onSaved = renderDialog();
    await pick('Task', 'WELD – WELD task');
    await pick('Depends on', 'PAINT – PAINT task');
    await add();
    expect(await screen.findByText('Failed to create dependency')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
