/** The wizard's rule checks, the body the rules become, and what a failed call is to the machine. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import { bulkRulesBody, failureOf } from '../../src/machines/bulk-assignment/bulk-assignment.actors.ts';
import {
  EMPTY_DRAFT,
  parseTaskIds,
  ruleProblem,
  toRule,
} from '../../src/machines/bulk-assignment/bulk-assignment.machine.ts';

describe('parseTaskIds', () => {
  it('reads comma-separated ids, ignoring blanks and repeats', () => {
    expect(parseTaskIds(' 12, 13 ,,14, 12 ')).toEqual({ ids: [12, 13, 14], invalid: [] });
    expect(parseTaskIds('')).toEqual({ ids: [], invalid: [] });
  });

  it('names what is not an id', () => {
    expect(parseTaskIds('1, a, 0, -3, 2.5, 99999999999')).toEqual({
      ids: [1],
      invalid: ['a', '0', '-3', '2.5', '99999999999'],
    });
  });
});

describe('ruleProblem', () => {
  const draft = { ...EMPTY_DRAFT, positionIds: [1, 2], taskIdsText: '5', templateId: 9 };

  it('needs a position and a task id for existing tasks', () => {
    expect(ruleProblem('existing', { ...draft, positionIds: [] })).toBe('positionsRequired');
    expect(ruleProblem('existing', { ...draft, taskIdsText: ' , ' })).toBe('taskIdsRequired');
    expect(ruleProblem('existing', { ...draft, taskIdsText: '5, five' })).toBe('taskIdsInvalid');
    expect(ruleProblem('existing', draft)).toBeNull();
  });

  it('needs positions and a template for a template rule', () => {
    expect(ruleProblem('template', { ...draft, positionIds: [] })).toBe('positionsRequired');
    expect(ruleProblem('template', { ...draft, templateId: null })).toBe('templateRequired');
    expect(ruleProblem('template', { ...draft, taskIdsText: '' })).toBeNull();
  });

  it('keeps all rules within one call of 10,000 pairs', () => {
    const positions = Array.from({ length: 100 }, (_, i) => i + 1);
    const ids = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
    const full = toRule(1, 'existing', { ...draft, positionIds: positions, taskIdsText: ids });
    expect(ruleProblem('existing', { ...draft, positionIds: positions, taskIdsText: ids })).toBeNull();
    expect(ruleProblem('existing', draft, [full])).toBe('tooManyPairs');
    expect(ruleProblem('existing', draft, [full], 20_001)).toBeNull();
  });
});

describe('bulkRulesBody', () => {
  it('sends every rule with its own positions (never an empty position_id), tasks or template', () => {
    const rules = [
      toRule(1, 'existing', { ...EMPTY_DRAFT, positionIds: [3, 4], taskIdsText: '7, 8', isPrimary: true }),
      toRule(2, 'template', { ...EMPTY_DRAFT, positionIds: [5], templateId: 2 }),
    ];
    expect(bulkRulesBody(rules, true)).toEqual({
      dry_run: true,
      rules: [
        { position_ids: [3, 4], task_ids: [7, 8], is_primary: true },
        { position_ids: [5], template_id: 2, is_primary: false },
      ],
    });
  });
});

describe('failureOf', () => {
  const api = (status: number) =>
    new ApiError(status, { statusCode: status, error: 'x', message: `server says ${status}` });

  it('tells the machine what kind of failure a call met, with the server’s words', () => {
    expect(failureOf(api(409))).toEqual({ kind: 'stale', message: 'server says 409' });
    expect(failureOf(api(400))).toEqual({ kind: 'invalid', message: 'server says 400' });
    expect(failureOf(api(403))).toEqual({ kind: 'refused', message: 'server says 403' });
    expect(failureOf(api(503))).toEqual({ kind: 'failed', message: 'server says 503' });
    expect(failureOf(new TypeError('Network Error'))).toEqual({ kind: 'failed', message: 'Network Error' });
    expect(failureOf(null)).toEqual({ kind: 'failed', message: 'Request failed' });
  });
});
