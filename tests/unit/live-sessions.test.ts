/**
 * The live-session check behind every authenticated request: its short cache, and what it answers
 * while the database cannot be reached (the last answer this process saw stands; a session it
 * never saw is refused with the database's error, which the API turns into a 503).
 */
import { describe, expect, it } from 'vitest';
import { createLiveSessions } from '../../server/src/infra/live-sessions.ts';
import type { SessionState } from '../../server/src/repositories/sessions.ts';

const claims = { sessionId: 's1', userId: 7, siteId: 'main', role: 'admin' };
const state = (over: Partial<SessionState> = {}): SessionState =>
  ({
    userId: 7,
    siteId: 'main',
    role: 'admin',
    userActive: true,
    expiresAt: new Date(Date.now() + 60 * 60_000),
    ...over,
  }) as SessionState;

function lookupOf(answers: (() => SessionState | undefined)[]) {
  let calls = 0;
  const lookup = async () => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls++;
    return answer();
  };
  return { lookup, calls: () => calls };
}

const outage = () => {
  throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
};

describe('live sessions', () => {
  it('asks the database once per session while its answer is fresh', async () => {
    const db = lookupOf([() => state()]);
    const live = createLiveSessions(db.lookup, 60_000);
    expect(await live.isLive(claims)).toBe(true);
    expect(await live.isLive(claims)).toBe(true);
    expect(db.calls()).toBe(1);
  });

  it('keeps a session it saw live while the database is unreachable', async () => {
    const db = lookupOf([() => state(), outage]);
    const live = createLiveSessions(db.lookup, 0);
    expect(await live.isLive(claims)).toBe(true);
    expect(await live.isLive(claims)).toBe(true);
    expect(db.calls()).toBe(2);
  });

  it('still checks the kept answer against the token: another role or an ended session is refused', async () => {
    const db = lookupOf([() => state({ expiresAt: new Date(Date.now() + 20) }), outage]);
    const live = createLiveSessions(db.lookup, 0);
    expect(await live.isLive(claims)).toBe(true);
    expect(await live.isLive({ ...claims, role: 'manager' })).toBe(false);
    await new Promise((r) => setTimeout(r, 30));
    expect(await live.isLive(claims)).toBe(false);
  });

  it('refuses, with the database error, a session it never saw while the database is unreachable', async () => {
    const live = createLiveSessions(lookupOf([outage]).lookup, 0);
    await expect(live.isLive(claims)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('does not bring back a session that was revoked here before the outage', async () => {
    const db = lookupOf([() => state(), outage]);
    const live = createLiveSessions(db.lookup, 0);
    expect(await live.isLive(claims)).toBe(true);
    live.forget('s1');
    await expect(live.isLive(claims)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('drops a session the database says is gone', async () => {
    const db = lookupOf([() => state(), () => undefined, outage]);
    const live = createLiveSessions(db.lookup, 0);
    expect(await live.isLive(claims)).toBe(true);
    expect(await live.isLive(claims)).toBe(false);
    await expect(live.isLive(claims)).rejects.toThrow(/ECONNREFUSED/);
  });
});
