/** The bulk wizard's one call: every rule (existing tasks or a template) in one transaction. */
import { type Static, Type } from '@sinclair/typebox';
import { TASK_LIMITS } from '#domain/tasks.ts';
import { IdParam } from './common.ts';

const Ids = (max: number) => Type.Array(IdParam, { minItems: 1, maxItems: max, uniqueItems: true });

const BulkRule = Type.Object(
  {
    position_ids: Ids(TASK_LIMITS.bulkPositionsMax),
    /** Existing tasks assigned at each position; give this or template_id. */
    task_ids: Type.Optional(Ids(TASK_LIMITS.bulkPairsMax)),
    /** A template whose task is created as an instance at each position; give this or task_ids. */
    template_id: Type.Optional(IdParam),
    is_primary: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const BulkRulesBody = Type.Object(
  {
    rules: Type.Array(BulkRule, {
      minItems: 1,
      maxItems: TASK_LIMITS.bulkRulesMax,
      description: `At most ${TASK_LIMITS.bulkRulesMax} rules and ${TASK_LIMITS.bulkPairsMax} pairs in all`,
    }),
    dry_run: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Answer exactly what the call would do, and write nothing',
      }),
    ),
  },
  { $id: 'BulkRulesBody', additionalProperties: false },
);
export type BulkRulesInput = Static<typeof BulkRulesBody>;

const Counts = Type.Object({
  /** Written (or, in a dry run, that would be). */
  created: Type.Integer(),
  /** Already there (an assignment, or an open instance of the template): left as it is. */
  skipped: Type.Integer(),
});

export const BulkRuleRefusal = Type.Object(
  {
    /** The index of the rule in `rules`. */
    rule: Type.Integer(),
    /** The body path of the value refused, e.g. rules.2.task_ids.0. */
    field: Type.String(),
    message: Type.String(),
    position_id: Type.Integer(),
    task_id: Type.Optional(Type.Integer()),
    template_id: Type.Optional(Type.Integer()),
  },
  { $id: 'BulkRuleRefusal' },
);

export const BulkRulesResult = Type.Object(
  {
    dry_run: Type.Boolean(),
    /** Existing-task rules: assignments; null when the call had none. */
    assignments: Type.Union([Counts, Type.Null()]),
    /** Template rules: task instances; null when the call had none. */
    instances: Type.Union([Counts, Type.Null()]),
    refused: Type.Array(Type.Ref(BulkRuleRefusal)),
  },
  { $id: 'BulkRulesResult' },
);
export type BulkRulesOutcome = Static<typeof BulkRulesResult>;
