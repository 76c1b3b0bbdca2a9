/**
 * What the worker sees while actions wait: a position's tasks as the queued actions will leave
 * them, the entry an action names, which answers are retried, and refusals in words.
 */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { FieldPosition, FieldTask } from '../../src/field/api/field-types.ts';
import { refusalText } from '../../src/field/lib/refusal-text.ts';
import { fitWithin } from '../../src/field/lib/resize-photo.ts';
import {
  entryRefOf,
  isTransient,
  type OutboxItem,
  withPending,
} from '../../src/field/outbox/outbox-items.ts';

const task = (id: number, extra: Partial<FieldTask> = {}): FieldTask => ({
  task_id: id,
  task_code: `T${id}`,
  task_name: `Task ${id}`,
  description: null,
  is_primary: false,
  order: id,
  state: 'available',
  blocked_by: [],
  entry: null,
  ...extra,
});

const body = (tasks: FieldTask[]): FieldPosition => ({
  position: {
    id: 7,
    position_code: 'P7',
    position_name: 'Stair 7',
    location_details: null,
    nfc_tag_id: 'AB12CD34',
    coordinates: null,
  },
  tasks,
  server_time: '2026-11-26T10:00:00Z',
  display: { timezone: 'Europe/Helsinki', date_format: 'DD.MM.YYYY' },
});

let seq = 0;
const item = (
  taskId: number,
  action: OutboxItem['action'],
  state: OutboxItem['state'] = 'waiting',
): OutboxItem => ({
  seq: ++seq,
  key: `k${seq}`,
  userId: 1,
  createdAt: seq,
  positionId: 7,
  positionName: 'Stair 7',
  taskId,
  taskName: `Task ${taskId}`,
  action,
  state,
});

describe('withPending', () => {
  it('shows a start made offline as in progress by me, not sent yet, with its client id', () => {
    const [shown] = withPending(
      body([task(1)]),
      [item(1, { kind: 'start', local: 'L1', body: { task_id: 1 } })],
      'now',
    );
    expect(shown).toMatchObject({ state: 'in_progress', local: 'L1', pending: 1, entry: { mine: true } });
    expect(entryRefOf(shown)).toEqual({ local: 'L1' });
  });

  it('applies status changes in order, on the started entry or the server entry', () => {
    const queued = [
      item(1, { kind: 'start', local: 'L1', body: { task_id: 1 } }),
      item(1, { kind: 'status', entry: { local: 'L1' }, status: 'paused' }),
      item(2, { kind: 'status', entry: { id: 40 }, status: 'completed' }),
    ];
    const mine = {
      id: 40,
      status: 'in_progress' as const,
      user_id: 1,
      first_name: 'W',
      last_name: 'K',
      mine: true,
      created_at: '',
      updated_at: '',
    };
    const [one, two] = withPending(
      body([task(1), task(2, { state: 'in_progress', entry: mine })]),
      queued,
      'now',
    );
    expect(one).toMatchObject({ state: 'paused', pending: 2 });
    expect(two).toMatchObject({ state: 'done_today', pending: 1 });
    expect(entryRefOf(two)).toEqual({ id: 40 });
  });

  it('leaves failed actions, other positions and other tasks alone', () => {
    const queued = [
      item(1, { kind: 'start', local: 'L1', body: { task_id: 1 } }, 'failed'),
      { ...item(1, { kind: 'start', local: 'L2', body: { task_id: 1 } }), positionId: 8 },
    ];
    const [shown] = withPending(body([task(1)]), queued, 'now');
    expect(shown).toMatchObject({ state: 'available', pending: 0, entry: null });
    expect(entryRefOf(shown)).toBeNull();
  });
});

describe('isTransient', () => {
  it('retries no answer, 5xx, 429 and a twin still in flight; keeps any other refusal', () => {
    expect([0, 500, 503, 429].map((s) => isTransient(s, undefined))).toEqual([true, true, true, true]);
    expect(isTransient(409, 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
    expect([400, 403, 404, 409, 422].map((s) => isTransient(s, 'X'))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('refusalText', () => {
  const t = ((key: string, values?: Record<string, string>) =>
    values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

  it('names a blocked task’s blockers, and a refused status change’s status now', () => {
    expect(
      refusalText(
        { code: 'TASK_BLOCKED', message: 'x', details: [{ params: { task_names: 'Cast, Cure' } }] },
        t,
      ),
    ).toBe('field.errors.TASK_BLOCKED_BY {"tasks":"Cast, Cure"}');
    expect(
      refusalText(
        { code: 'INVALID_TRANSITION', message: 'x', details: [{ params: { current_status: 'completed' } }] },
        t,
      ),
    ).toBe('field.errors.STATUS_CONFLICT_NOW {"status":"field.entryStatus.completed"}');
    expect(refusalText({ code: 'POSITION_INACTIVE', message: 'x' }, t)).toBe(
      'field.errors.POSITION_INACTIVE',
    );
  });

  it('shows the server’s own message for anything else', () => {
    expect(refusalText({ code: 'VALIDATION_ERROR', message: 'latitude: too big' }, t)).toBe(
      'latitude: too big',
    );
  });
});

describe('fitWithin', () => {
  it('scales the long edge down to 2,000 px and never up', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
