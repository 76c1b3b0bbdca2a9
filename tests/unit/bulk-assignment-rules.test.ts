/** The wizard's rule checks (spec §5 Bulk rule) and the body the rules become. */
import { describe, expect, it } from 'vitest';
import {
  bulkVerdict,
  EMPTY_DRAFT,
  parseTaskIds,
  ruleProblem,
  toBulkAssignEntries,
  toRule,
} from '../../src/domain/bulk-assignment.ts';

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
  });
});

describe('toBulkAssignEntries', () => {
  it('sends one entry per position of each existing-task rule, never an empty position', () => {
    const rules = [
      toRule(1, 'existing', { ...EMPTY_DRAFT, positionIds: [3, 4], taskIdsText: '7, 8', isPrimary: true }),
      toRule(2, 'template', { ...EMPTY_DRAFT, positionIds: [5], templateId: 2 }),
      toRule(3, 'existing', { ...EMPTY_DRAFT, positionIds: [5], taskIdsText: '9' }),
    ];
    expect(toBulkAssignEntries(rules)).toEqual({
      entries: [
        { position_id: 3, task_ids: [7, 8], overrides: { is_primary: true } },
        { position_id: 4, task_ids: [7, 8], overrides: { is_primary: true } },
        { position_id: 5, task_ids: [9], overrides: { is_primary: false } },
      ],
      ruleOf: [1, 1, 3],
    });
  });
});

describe('bulkVerdict', () => {
  const refusal = { ruleId: 1, positionId: 2, taskId: 3, message: 'No such task' };
  it('calls a run done only when something was created and nothing refused', () => {
    expect(bulkVerdict({ assignments: { created: 2, skipped: 1 }, instances: null, refused: [] })).toEqual({
      verdict: 'done',
      created: 2,
      refused: 0,
    });
    expect(
      bulkVerdict({
        assignments: { created: 1, skipped: 0 },
        instances: { created: 1, skipped: 0 },
        refused: [refusal],
      }),
    ).toEqual({ verdict: 'partial', created: 2, refused: 1 });
  });

  it('says so when nothing was created', () => {
    const refused = [refusal, refusal, refusal];
    expect(bulkVerdict({ assignments: { created: 0, skipped: 0 }, instances: null, refused }).verdict).toBe(
      'refused',
    );
    expect(
      bulkVerdict({ assignments: { created: 0, skipped: 4 }, instances: null, refused: [] }).verdict,
    ).toBe('nothing');
  });
});
