/**
 * rowMapper (server/src/lib/api-row.ts): a table row becomes the API's record by the schema's
 * names; columnChanges: an update body becomes the row's changes. Clients rely on the exact fields: nothing the schema leaves out may leave the server,
 * even in a list body cached as JSON text that skips the response serializer.
 */
import { Type } from '@sinclair/typebox';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { columnChanges, rowMapper } from '../../server/src/lib/api-row.ts';

const Thing = Type.Object({
  id: Type.Integer(),
  thing_code: Type.String(),
  estimated_duration_minutes: Type.Union([Type.Integer(), Type.Null()]),
  last_seen_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
const toApiThing = rowMapper(Thing);

const row = {
  id: 7,
  siteId: 'site-1',
  thingCode: 'A-1',
  estimatedDurationMinutes: null,
  lastSeenAt: null,
  createdAt: new Date('2026-11-23T06:00:00.000Z'),
  passwordHash: 'never sent',
};

describe('rowMapper', () => {
  it('names each field as the schema does and writes dates as ISO text', () => {
    expect(toApiThing(row)).toEqual({
      id: 7,
      thing_code: 'A-1',
      estimated_duration_minutes: null,
      last_seen_at: null,
      created_at: '2026-11-23T06:00:00.000Z',
    });
  });

  it('keeps only what the schema names, in its order, so a cached JSON body is exactly the record', () => {
    const text = JSON.stringify(toApiThing({ ...row, lastSeenAt: new Date('2026-11-22T00:00:00Z') }));
    expect(text).toBe(
      '{"id":7,"thing_code":"A-1","estimated_duration_minutes":null,' +
        '"last_seen_at":"2026-11-22T00:00:00.000Z","created_at":"2026-11-23T06:00:00.000Z"}',
    );
    expect(text).not.toContain('site');
    expect(text).not.toContain('password');
  });

  it('refuses at compile time a row that lacks a field or has the wrong type', () => {
    const { thingCode: _, ...withoutCode } = row;
    // @ts-expect-error thingCode is missing: a renamed column would be a compile error
    expect(toApiThing(withoutCode).thing_code).toBeUndefined();
    // @ts-expect-error the code is a string in the API
    expect(toApiThing({ ...row, thingCode: 1 }).thing_code).toBe(1);
  });
});

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  thingCode: text('thing_code').notNull(),
  description: text('description'),
  durationMinutes: integer('duration_minutes'),
});

describe('columnChanges', () => {
  const rules = { thing_code: (code: string) => code.trim(), description: (d: string | null) => d || null };

  it('gives each field the body has under its column, through its rule, and leaves out the rest', () => {
    expect(columnChanges(things, { thing_code: ' A-2 ', duration_minutes: 30 }, rules)).toEqual({
      thingCode: 'A-2',
      durationMinutes: 30,
    });
    // Absent stays as it is; null is a value (it clears the column).
    expect(columnChanges(things, { description: undefined, duration_minutes: null }, rules)).toEqual({
      durationMinutes: null,
    });
    expect(columnChanges(things, { description: '' }, rules)).toEqual({ description: null });
  });

  it('leaves a field that is no column to the caller only when named, and refuses one that is not', () => {
    const body = { thing_code: 'B', member_ids: [1, 2] };
    expect(columnChanges(things, body, {}, ['member_ids'])).toEqual({ thingCode: 'B' });
    expect(() => columnChanges(things, body)).toThrow('member_ids is no column of things');
    // Compile-time only: TypeScript refuses these calls.
    const refused = () => [
      // @ts-expect-error thing_code is a column: it cannot be skipped
      columnChanges(things, body, {}, ['thing_code']),
      // @ts-expect-error a rule gives the column's type (duration_minutes is a number)
      columnChanges(things, { duration_minutes: 5 }, { duration_minutes: (n: number) => String(n) }),
    ];
    expect(refused).toBeTypeOf('function');
  });
});
