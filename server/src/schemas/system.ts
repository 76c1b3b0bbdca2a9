import { Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

const Status = Type.Union([Type.Literal('healthy'), Type.Literal('degraded'), Type.Literal('unhealthy')]);

export const ServiceHealth = Type.Object(
  {
    name: Type.String(),
    status: Status,
    response_time: Type.Number({ description: 'milliseconds' }),
    details: Type.Object({
      error_message: Type.Optional(Type.String()),
      version: Type.Optional(Type.String()),
      connections: Type.Optional(Type.Integer()),
      size: Type.Optional(Type.String({ description: 'database size, e.g. "8 MB"' })),
      runtime: Type.Optional(Type.String({ description: 'api: the runtime it runs on' })),
      memory_usage: Type.Optional(
        Type.Number({
          description: 'percent: api RSS of total memory; redis used of maxmemory or total memory',
        }),
      ),
      cpu_usage: Type.Optional(Type.Number({ description: 'percent of all cores since the previous check' })),
    }),
  },
  { $id: 'ServiceHealth' },
);

const DateTime = Type.String({ format: 'date-time' });

export const JobStatus = Type.Object(
  {
    name: Type.String({ description: 'The job, e.g. work-entry-archive' }),
    runner: Type.Union([Type.Literal('pg-boss'), Type.Literal('in-process'), Type.Literal('off')], {
      description:
        'Who runs it on this server: the pg-boss queue (PostgreSQL), the in-process scheduler (embedded database), or off (this process runs no jobs)',
    }),
    last_run: Nullable(
      Type.Object({
        started_at: DateTime,
        finished_at: Nullable(DateTime),
        status: Type.Union([Type.Literal('running'), Type.Literal('ok'), Type.Literal('failed')]),
        attempt: Type.Integer({
          minimum: 1,
          description: '1 for the first run of a slot, 2 for its first retry…',
        }),
        result: Type.Record(Type.String(), Type.Integer(), {
          description: "What the run did on the caller's site, e.g. { moved: 12 }; empty when nothing",
        }),
        error: Nullable(Type.String()),
      }),
    ),
    next_run_at: Nullable(DateTime),
    failures_24h: Type.Integer({
      minimum: 0,
      description: 'Failed runs (retries included) in the last 24 hours',
    }),
    last_failure: Nullable(Type.Object({ at: DateTime, error: Type.String() })),
  },
  { $id: 'JobStatus' },
);

export const SystemHealth = Type.Object(
  {
    services: Type.Array(Type.Ref(ServiceHealth)),
    jobs: Type.Array(Type.Ref(JobStatus), { description: 'Background jobs: last run, next run, failures' }),
  },
  { $id: 'SystemHealth' },
);

export const SystemMetrics = Type.Object(
  {
    metrics: Type.Object({
      total_users: Type.Integer(),
      total_positions: Type.Integer(),
      total_work_entries: Type.Integer(),
      active_sessions: Type.Integer(),
      uptime: Type.Number({ description: 'seconds' }),
      database_size: Type.String(),
      server_time: Type.String({ format: 'date-time' }),
    }),
  },
  { $id: 'SystemMetrics' },
);

export const Liveness = Type.Object({ status: Type.Literal('ok') }, { $id: 'Liveness' });

export const Readiness = Type.Object(
  {
    status: Type.Literal('ready'),
    checks: Type.Object({
      database: Type.Literal('ok'),
      redis: Type.Optional(Type.Literal('ok')),
    }),
  },
  { $id: 'Readiness' },
);
