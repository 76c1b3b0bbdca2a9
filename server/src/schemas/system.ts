import { Type } from '@sinclair/typebox';

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

export const SystemHealth = Type.Object(
  { services: Type.Array(Type.Ref(ServiceHealth)) },
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
