/**
 * The coverage map (GET /coverage/positions-state: each position's state now) and floor plans (/floor-plans).
 */
import { Type } from '@sinclair/typebox';
import { FLOOR_PLAN_LIMITS as L, POSITION_STATES } from '#domain/coverage-map.ts';
import { IdParam, Nullable } from './common.ts';

const State = Type.Union(
  POSITION_STATES.map((s) => Type.Literal(s)),
  {
    description:
      'on_time (visited on time, nothing owed), due_soon (an open window unvisited with its deadline within the hour), ' +
      'late (a deadline passed unvisited, or the last window judged late), missed (the last window judged missed), ' +
      'no_schedule (no active schedule covers it)',
  },
);

export const PositionState = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    lat: Nullable(Type.Number()),
    lng: Nullable(Type.Number()),
    state: State,
    next_due: Nullable(Type.String({ format: 'date-time', description: 'The next deadline it owes' })),
    last_visit: Nullable(Type.String({ format: 'date-time', description: 'Start of its latest work entry' })),
  },
  { $id: 'PositionState' },
);

export const PositionStateList = Type.Object(
  {
    positions: Type.Array(Type.Ref(PositionState), { description: 'Every active position, by id' }),
    map_tile_url: Type.String({ description: 'The site’s base map (empty: a plain grid)' }),
    time_zone: Type.String(),
    generated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PositionStateList' },
);

const planFields = {
  plan_name: Type.String({ minLength: 1, maxLength: L.nameMax }),
  building: Type.String({ maxLength: L.buildingMax }),
  floor: Type.String({ maxLength: L.floorMax }),
};

export const Placement = Type.Object(
  {
    position_id: IdParam,
    x: Type.Number({ minimum: 0, maximum: 1, description: 'From the left edge, a fraction of the width' }),
    y: Type.Number({ minimum: 0, maximum: 1, description: 'From the top edge, a fraction of the height' }),
  },
  { $id: 'FloorPlanPlacement' },
);

export const FloorPlan = Type.Object(
  {
    id: Type.Integer(),
    ...planFields,
    has_image: Type.Boolean(),
    image_type: Nullable(Type.String()),
    image_bytes: Nullable(Type.Integer()),
    placements: Type.Array(Type.Ref(Placement)),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'FloorPlan' },
);

export const FloorPlanResponse = Type.Object(
  { floor_plan: Type.Ref(FloorPlan) },
  { $id: 'FloorPlanResponse' },
);
export const FloorPlanList = Type.Object(
  { floor_plans: Type.Array(Type.Ref(FloorPlan)) },
  { $id: 'FloorPlanList' },
);

export const FloorPlanCreate = Type.Object(
  {
    plan_name: planFields.plan_name,
    building: Type.Optional(planFields.building),
    floor: Type.Optional(planFields.floor),
  },
  { $id: 'FloorPlanCreate', additionalProperties: false },
);

export const FloorPlanUpdate = Type.Object(
  {
    plan_name: Type.Optional(planFields.plan_name),
    building: Type.Optional(planFields.building),
    floor: Type.Optional(planFields.floor),
  },
  { $id: 'FloorPlanUpdate', additionalProperties: false },
);

export const FloorPlanPlacements = Type.Object(
  {
    placements: Type.Array(Type.Ref(Placement), {
      maxItems: L.placementsMax,
      description: 'Every position on the plan (replaces the plan’s placements)',
    }),
  },
  { $id: 'FloorPlanPlacements', additionalProperties: false },
);

export const FloorPlanImageBody = Type.Object(
  { image: Type.String({ format: 'binary', description: 'A JPEG, PNG or WebP image' }) },
  { additionalProperties: false },
);
