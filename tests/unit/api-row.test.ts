/**
 * rowMapper (server/src/lib/api-row.ts): a table row becomes the API's record by the schema's
 * names. Clients rely on the exact fields: nothing the schema leaves out may leave the server,
 * even in a list body cached as JSON text that skips the response serializer.
 */
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { rowMapper } from '../../server/src/lib/api-row.ts';

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
