/** /position-task-assignments: which catalogue tasks apply at which position, one by one or in bulk. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssignmentCreate,
  AssignmentDeleteResult,
  AssignmentList,
  type AssignmentListOptions,
  AssignmentListQuery,
  AssignmentParams,
  AssignmentResponse,
  AssignmentsOf,
  AssignmentUpdate,
  BulkAssignBody,
  type BulkAssignInput,
  BulkAssignResult,
} from '../../schemas/assignment.ts';
import { BulkRulesBody, BulkRulesResult } from '../../schemas/bulk-rules.ts';
import { IdParams } from '../../schemas/common.ts';
import type { RequestContext } from '../../types.ts';
import { EDITED, guardedSaveOf, IfMatchHeaders } from '../edit-conflict.ts';
import { created } from '../handlers.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { bulkAssign } from './bulk.ts';
import { runBulkRules } from './bulk-rules.ts';
import {
  assignmentEditTarget,
  createAssignment,
  deleteAssignment,
  listAssignments,
  positionsOfTask,
  tasksOfPosition,
  updateAssignment,
} from './service.ts';

const { op } = routeKit('position-task-assignments');
const missing = notFound('position-task assignment');

/** 10,000 pairs in the one-pair-per-entry shape take about 600 KB; the app's default is 256 KiB. */
const BULK_BODY_LIMIT = 2 * 1024 * 1024;

const assignmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    op(
      'tasks.read',
      {
        operationId: 'listPositionTaskAssignments',
        summary: 'Assignments of the site, one page at a time (filter by position or task, sorted)',
      },
      { querystring: AssignmentListQuery, response: { 200: AssignmentList } },
    ),
    // The query's sort is a string enum the type provider reads as unknown; the schema checked it.
    async (request) => listAssignments(contextOf(app, request), request.query as AssignmentListOptions),
  );

  app.get(
    '/position/:id/tasks',
    op(
      'tasks.read',
      { operationId: 'listPositionAssignedTasks', summary: 'Every task assigned to a position' },
      { params: IdParams, response: { 200: AssignmentsOf, ...notFound('position') } },
    ),
    async (request) => tasksOfPosition(contextOf(app, request), request.params.id),
  );

  app.get(
    '/task/:id/positions',
    op(
      'tasks.read',
      { operationId: 'listTaskAssignedPositions', summary: 'Every position a task is assigned to' },
      { params: IdParams, response: { 200: AssignmentsOf, ...notFound('task') } },
    ),
    async (request) => positionsOfTask(contextOf(app, request), request.params.id),
  );

  app.post(
    '',
    op(
      'tasks.create',
      {
        operationId: 'createPositionTaskAssignment',
        summary: 'Assign a task to a position (both active and of the site)',
      },
      {
        body: AssignmentCreate,
        response: { 201: AssignmentResponse, ...conflict('The task is already assigned to the position') },
      },
    ),
    created(app, 'assignment', createAssignment),
  );

  app.post(
    '/bulk-assign',
    {
      ...op(
        'tasks.create',
        {
          operationId: 'bulkAssignPositionTasks',
          summary: 'Assign many tasks to many positions in one transaction (or preview it with dry_run)',
          description:
            'Entries are `{position_id, task_id, is_primary}` or `{position_id, task_ids, overrides: {is_primary}}`, at most 10,000 pairs in all. Unknown or inactive positions and tasks are refused (listed with index and field), pairs already assigned are skipped, the rest are created. With `dry_run: true` the same work runs and is rolled back.',
        },
        { body: BulkAssignBody, response: { 200: BulkAssignResult } },
      ),
      bodyLimit: BULK_BODY_LIMIT,
    },
    async (request) => bulkAssign(contextOf(app, request), request.body as BulkAssignInput),
  );

  app.post(
    '/bulk-rules',
    {
      ...op(
        'tasks.create',
        {
          operationId: 'runBulkRules',
          summary: 'Run the bulk wizard’s rules in one transaction (or preview them with dry_run)',
          description:
            'Each rule is `{position_ids, task_ids | template_id, is_primary}`: existing tasks are assigned at each position, or the template’s task is created as an instance there. Unknown or inactive positions, tasks and templates are refused (listed with rule and field) and the rest go on; existing assignments and positions with an open instance of the template are skipped. With `dry_run: true` the same work runs and is rolled back.',
        },
        { body: BulkRulesBody, response: { 200: BulkRulesResult } },
      ),
      bodyLimit: BULK_BODY_LIMIT,
    },
    async (request) => runBulkRules(contextOf(app, request), request.body),
  );

  app.put(
    '/:positionId/:taskId',
    op(
      'tasks.update',
      { operationId: 'updatePositionTaskAssignment', summary: 'Change whether the task is primary there' },
      {
        params: AssignmentParams,
        headers: IfMatchHeaders,
        body: AssignmentUpdate,
        response: { 200: AssignmentResponse, ...missing, ...conflict(EDITED) },
      },
    ),
    async (request) => {
      const { positionId, taskId } = request.params;
      const ctx = contextOf(app, request);
      const save = (inTx: RequestContext) =>
        updateAssignment(inTx, positionId, taskId, request.body.is_primary);
      const target = assignmentEditTarget(ctx, positionId, taskId);
      return { assignment: await guardedSaveOf(ctx, request, target, save) };
    },
  );

  app.delete(
    '/:positionId/:taskId',
    op(
      'tasks.delete',
      {
        operationId: 'deletePositionTaskAssignment',
        summary: 'Remove an assignment, and the task’s dependencies at that position',
      },
      { params: AssignmentParams, response: { 200: AssignmentDeleteResult, ...missing } },
    ),
    async (request) =>
      deleteAssignment(contextOf(app, request), request.params.positionId, request.params.taskId),
  );
};

export default assignmentRoutes;
