/** CSV import of positions: dry-run preview, per-row reasons, and all-or-nothing apply. */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

interface Rejection {
  row: number;
  field: string;
  message: string;
  rule: string;
}

describe.each(DRIVERS)('positions CSV import (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;

  const run = (csv: string, dry_run: boolean, actor?: Actor) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/positions/import',
      headers: (actor ?? admin).headers,
      payload: { csv, dry_run },
    });
  const all = () => t.app.database.db.select().from(positions).orderBy(asc(positions.positionCode));
  const byCode = async (code: string) =>
    (await t.app.database.db.select().from(positions).where(eq(positions.positionCode, code)))[0];
  const reasons = (rejected: Rejection[]) => rejected.map((r) => `${r.row} ${r.field} ${r.rule}`);

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
    await t.app.database.db.insert(positions).values([
      {
        siteId: 'main',
        positionCode: 'OLD-1',
        positionName: 'Old one',
        nfcTagId: 'NFC-OLD1',
        description: 'Keep',
      },
      { siteId: 'main', positionCode: 'OLD-2', positionName: 'Old two', nfcTagId: 'NFC-OLD2' },
    ]);
  });
  afterAll(async () => t?.close());

  it('previews creates, updates and unchanged rows without writing anything', async () => {
    const csv = [
      'position_code,position_name,nfc_tag_id,latitude,longitude,is_active',
      'NEW-1,Pump house,NFC-NEW1,60.1234567,24.9,',
      'OLD-1,Old one renamed,NFC-OLD1,,,',
      'OLD-2,Old two,NFC-OLD2,,,true',
    ].join('\n');
    const before = await all();
    const res = await run(csv, true);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ applied: false, create: 1, update: 1, unchanged: 1, rejected: [] });
    expect(body.rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [3, 'update'],
      [4, 'unchanged'],
    ]);
    expect(body.rows[0]).toMatchObject({
      position_id: null,
      position_code: 'NEW-1',
      latitude: '60.1234567',
      description: null,
      is_active: '',
    });
    expect(body.rows[1].position_id).toBe((await byCode('OLD-1')).id);
    expect(await all()).toEqual(before);
  });

  it('applies a clean file in one go; columns the file lacks stay as they were', async () => {
    const csv =
      'Position_Code ; POSITION_NAME ; latitude;longitude\nNEW-2;Crane base;61,5;23,7654321\nOLD-1;Old one, renamed;;\n';
    const res = await run(csv, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, create: 1, update: 1, unchanged: 0 });
    const created = await byCode('NEW-2');
    expect(created).toMatchObject({
      positionName: 'Crane base',
      latitude: 61.5,
      longitude: 23.765432,
      isActive: true,
    });
    const updated = await byCode('OLD-1');
    expect(updated).toMatchObject({
      positionName: 'Old one, renamed',
      description: 'Keep',
      nfcTagId: 'NFC-OLD1',
    });
    // The same file again changes nothing.
    expect((await run(csv, true)).json()).toMatchObject({ create: 0, update: 0, unchanged: 2 });
  });

  it('gives each rejected row its reasons, and refuses to apply any of the file', async () => {
    const csv = [
      'position_code,position_name,nfc_tag_id,latitude,longitude,is_active',
      'OK-1,Fine row,NFC-OK01,,,',
      'X,Short code,,,,',
      'OK-2,,ABC,,,',
      '',
      'OK-3,Bad coordinates,,91,abc,maybe',
      'OK-4,Half coordinates,,60,,',
      'OK-1,Same code again,,,,',
      'OK-5,Same tag again,NFC-OK01,,,',
      'OK-6,Tag of another position,NFC-OLD2,,,',
      '"OK-7","Too, many",cells,,,,,',
    ].join('\r\n');
    const count = (await all()).length;
    const preview = await run(csv, true);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(reasons(body.rejected)).toEqual([
      '3 position_code minLength',
      '4 position_name required',
      '4 nfc_tag_id minLength',
      '6 longitude type',
      '6 is_active boolean',
      '6 latitude maximum',
      '7 longitude required',
      '8 position_code duplicate',
      '9 nfc_tag_id duplicate',
      '10 nfc_tag_id unique',
      '11 row csv',
    ]);
    expect(body.rejected.find((r: Rejection) => r.row === 8)).toMatchObject({
      message: 'The same value is on row 2',
      params: { other_row: 2 },
    });
    expect(body.rejected.find((r: Rejection) => r.row === 10)).toMatchObject({
      message: 'This NFC tag is already used by another position',
      params: { position_code: 'OLD-2' },
    });
    expect(body).toMatchObject({ create: 1, update: 0 });
    expect(body.rows.filter((r: { action: string }) => r.action === 'reject')).toHaveLength(8);

    const apply = await run(csv, false);
    expect(apply.statusCode).toBe(400);
    expect(apply.json()).toMatchObject({
      code: 'IMPORT_REJECTED',
      message: '8 row(s) are rejected, so nothing was imported',
    });
    expect(apply.json().details[0]).toMatchObject({ field: 'position_code', params: { row: 3 } });
    expect((await all()).length).toBe(count);
  });

  it('lets two positions swap their tags in one file', async () => {
    const csv = 'position_code,position_name,nfc_tag_id\nOLD-1,Old one,NFC-OLD2\nOLD-2,Old two,NFC-OLD1\n';
    const res = await run(csv, false);
    expect(res.statusCode, res.body).toBe(200);
    expect((await byCode('OLD-1')).nfcTagId).toBe('NFC-OLD2');
    expect((await byCode('OLD-2')).nfcTagId).toBe('NFC-OLD1');
  });

  it('refuses a file it cannot read as positions, naming the csv field', async () => {
    const cases: [string, string][] = [
      ['position_code,nfc_tag_id\nA1,TAG1', 'Missing column: position_name'],
      ['position_code,position_name,colour\nA1,Alpha,red', 'Unknown column: colour'],
      ['position_code,position_name,latitude\nA1,Alpha,60', 'The latitude and longitude columns go together'],
      ['position_code,position_name\n\n\n', 'The file has no positions'],
    ];
    for (const [csv, message] of cases) {
      const res = await run(csv, true);
      expect(res.statusCode, csv).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_CSV',
        message,
        details: [{ field: 'csv', message }],
      });
    }
    const empty = await run('', true);
    expect(empty.json().details[0]).toMatchObject({ field: 'csv', message: 'This field is required' });
  });

  it('takes a file of a few thousand rows (a larger body than other routes) in one transaction', async () => {
    const lines = ['position_code,position_name,description,nfc_tag_id'];
    for (let i = 0; i < 3000; i++)
      lines.push(
        `BULK-${String(i).padStart(4, '0')},Bulk position ${i},${'Long description '.repeat(5)},BK${i}XYZ`,
      );
    const csv = lines.join('\n');
    expect(csv.length).toBeGreaterThan(256 * 1024);
    const res = await run(csv, false);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().create).toBe(3000);
    expect((await all()).filter((p) => p.positionCode.startsWith('BULK-'))).toHaveLength(3000);
  });

  it('needs positions.create', async () => {
    const manager = await signInAs(t, 'manager');
    expect((await run('position_code,position_name\nM-1,Manager', true, manager)).statusCode).toBe(403);
  });
});
