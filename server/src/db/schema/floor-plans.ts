/**
 * Floor plans: a plan image per building and floor, kept in the photo store (its
 * key here), and where each position sits on it as fractions of the image's width and height.
 */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, siteId, updatedAt } from './columns.ts';
import { positions } from './positions.ts';

export const floorPlans = pgTable(
  'floor_plans',
  {
    id: id(),
    siteId: siteId(),
    planName: text('plan_name').notNull(),
    building: text('building').notNull().default(''),
    floor: text('floor').notNull().default(''),
    /** The image's key in the photo store; null until one is uploaded. */
    imageKey: text('image_key'),
    imageType: text('image_type'),
    imageBytes: integer('image_bytes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('floor_plans_site_idx').on(t.siteId, t.building, t.floor)],
);

export const floorPlanPlacements = pgTable(
  'floor_plan_placements',
  {
    siteId: siteId(),
    planId: ref('plan_id', () => floorPlans.id, 'cascade'),
    positionId: ref('position_id', () => positions.id, 'cascade'),
    /** 0 (left edge) … 1 (right edge) of the image. */
    x: doublePrecision('x').notNull(),
    /** 0 (top edge) … 1 (bottom edge) of the image. */
    y: doublePrecision('y').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.positionId] }),
    index('floor_plan_placements_position_idx').on(t.positionId),
    check('floor_plan_placements_x_check', sql`${t.x} between 0 and 1`),
    check('floor_plan_placements_y_check', sql`${t.y} between 0 and 1`),
  ],
);
