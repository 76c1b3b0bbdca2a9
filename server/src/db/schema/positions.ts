/** Positions (work locations) and position groups. */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { uniqueMessages } from '../unique-messages.ts';
import { createdAt, id, isActive, ref, siteId, updatedAt } from './columns.ts';

export const positions = pgTable(
  'positions',
  {
    id: id(),
    siteId: siteId(),
    positionCode: text('position_code').notNull(),
    positionName: text('position_name').notNull(),
    description: text('description'),
    locationDetails: text('location_details'),
    nfcTagId: text('nfc_tag_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('positions_site_code_unique').on(t.siteId, t.positionCode),
    uniqueIndex('positions_site_nfc_unique').on(t.siteId, t.nfcTagId).where(sql`${t.nfcTagId} is not null`),
    index('positions_site_active_idx').on(t.siteId, t.isActive),
    check('positions_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('positions_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

export const positionGroups = pgTable(
  'position_groups',
  {
    id: id(),
    siteId: siteId(),
    groupName: text('group_name').notNull(),
    groupCode: text('group_code').notNull(),
    description: text('description'),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('position_groups_site_code_unique').on(t.siteId, t.groupCode)],
);

export const positionGroupPositions = pgTable(
  'position_group_positions',
  {
    siteId: siteId(),
    groupId: ref('group_id', () => positionGroups.id, 'cascade'),
    positionId: ref('position_id', () => positions.id, 'cascade'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.positionId] }),
    index('position_group_positions_position_idx').on(t.positionId),
  ],
);

export const positionsUnique = uniqueMessages({
  positions_site_code_unique: { field: 'position_code', message: 'A position with this code already exists' },
  positions_site_nfc_unique: {
    field: 'nfc_tag_id',
    message: 'This NFC tag is already used by another position',
  },
  position_groups_site_code_unique: {
    field: 'group_code',
    message: 'A position group with this code already exists',
  },
});
