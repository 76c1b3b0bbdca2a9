/** GET /positions: one page at a time, searched and sorted on the server, with the total. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

interface Listed {
  id: number;
  position_code: string;
  position_name: string;
  nfc_tag_id: string | null;
  is_active: boolean;
}

describe.each(DRIVERS)('positions list paging, search and sort (%s)', (driver) => {
  let t: TestApp;
  let worker: Actor;

  const list = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/positions?${query}`,
      headers: worker.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { positions: Listed[]; total: number };
    return { ...body, codes: body.positions.map((p) => p.position_code) };
  };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    worker = await signInAs(t, 'worker');
    await t.app.database.db.insert(positions).values(
      Array.from({ length: 30 }, (_, i) => ({
        siteId: 'main',
        positionCode: `L-${String(i).padStart(2, '0')}`,
        positionName: `Hall ${String.fromCharCode(90 - i)}`,
        nfcTagId: i % 3 === 0 ? `TAG-${i}` : null,
        // Every fifth one inactive: L-00, L-05, …, L-25.
        isActive: i % 5 !== 0,
      })),
    );
    await t.app.database.db.insert(positions).values([
      { siteId: 'main', positionCode: 'PCT-1', positionName: '100% done' },
      { siteId: 'main', positionCode: 'UND_1', positionName: 'Under_score' },
    ]);
  });
  afterAll(async () => t?.close());

  it('answers every active position with the total when no page is asked for', async () => {
    const all = await list('');
    expect(all.total).toBe(26);
    expect(all.positions).toHaveLength(26);
  });

  it('pages by limit and offset, the total counting every match', async () => {
    const first = await list('limit=10');
    expect(first.codes).toEqual([
      'L-01',
      'L-02',
      'L-03',
      'L-04',
      'L-06',
      'L-07',
      'L-08',
      'L-09',
      'L-11',
      'L-12',
    ]);
    expect(first.total).toBe(26);
    const last = await list('limit=10&offset=20&include_inactive=true');
    expect(last.codes).toEqual([
      'L-20',
      'L-21',
      'L-22',
      'L-23',
      'L-24',
      'L-25',
      'L-26',
      'L-27',
      'L-28',
      'L-29',
    ]);
    expect(last.total).toBe(32);
    const past = await list('limit=10&offset=100');
    expect(past).toMatchObject({ positions: [], total: 26 });
  });

  it('sorts by any listed column in either direction', async () => {
    const byName = await list('sort=position_name&order=desc&limit=3&include_inactive=true');
    expect(byName.positions.map((p) => p.position_name)).toEqual(['Under_score', 'Hall Z', 'Hall Y']);
    const byStatus = await list('sort=is_active&order=asc&limit=6&include_inactive=true');
    expect(byStatus.positions.every((p) => !p.is_active)).toBe(true);
  });

  it('searches code, name and NFC tag id in any case; LIKE wildcards match only themselves', async () => {
    expect((await list('search=l-1')).codes).toEqual([
      'L-11',
      'L-12',
      'L-13',
      'L-14',
      'L-16',
      'L-17',
      'L-18',
      'L-19',
    ]);
    expect((await list('search=hall%20x')).codes).toEqual(['L-02']);
    expect((await list('search=tag-2&include_inactive=true')).codes).toEqual(['L-21', 'L-24', 'L-27']);
    expect((await list('search=%25')).codes).toEqual(['PCT-1']);
    expect((await list('search=_')).codes).toEqual(['UND_1']);
    expect(await list(`search=${encodeURIComponent('  ')}`)).toMatchObject({ total: 26 });
  });

  it('refuses a page, sort or search out of bounds with 400 on the parameter', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['offset=-1', 'offset'],
      ['sort=password', 'sort'],
      ['order=up', 'order'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/positions?${query}`,
        headers: worker.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });
});
