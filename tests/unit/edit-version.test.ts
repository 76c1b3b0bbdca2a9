/**
 * An edit dialog's save carries the version it loaded: the first PUT or PATCH sent
 * while it runs gets If-Match, nothing else does, and nothing after it.
 */
import { describe, expect, it } from 'vitest';
import { savingOver, withEditVersion } from '../../src/api/edit-version.ts';

const headersOf = (method: string) =>
  (withEditVersion({ method, url: '/x', headers: { 'Content-Type': 'application/json' } }).headers ??
    {}) as Record<string, string>;

describe('savingOver', () => {
  it('puts If-Match on the save’s first PUT only, keeping its other headers', async () => {
    const seen: Record<string, string>[] = [];
    await savingOver('2026-11-27T08:00:00.000Z', async () => {
      await Promise.resolve();
      seen.push(headersOf('get'), headersOf('put'), headersOf('patch'));
    });
    expect(seen[0]['If-Match']).toBeUndefined();
    expect(seen[1]).toEqual({ 'Content-Type': 'application/json', 'If-Match': '"2026-11-27T08:00:00.000Z"' });
    expect(seen[2]['If-Match']).toBeUndefined();
    expect(headersOf('put')['If-Match']).toBeUndefined();
  });

  it('sends nothing without a version, and forgets the version when the save fails', async () => {
    await savingOver(null, async () => expect(headersOf('put')['If-Match']).toBeUndefined());
    await expect(savingOver('v1', async () => Promise.reject(new Error('offline')))).rejects.toThrow(
      'offline',
    );
    expect(headersOf('put')['If-Match']).toBeUndefined();
  });
});
