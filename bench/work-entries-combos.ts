/**
 * Every sort × order × status × search combination of GET /work-entries (7 × 2 × 6 × 3 = 252),
 * each as a first page and as a page half-way through its matches (at most 100,000 rows in; a
 * cursor made the way the server makes them), and a steady write load beside them: check-ins (new
 * in_progress entries) and status changes along the state chart (pause, resume, complete with its
 * duration), as workers' phones make them. Used by bench/work-entries.ts (the "every combination" run).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { WORK_ENTRY_SORTS, WORK_ENTRY_STATUSES } from '#domain/work-entries.ts';
import { workEntries as w } from '../server/src/db/schema/index.ts';
import { readsFoundWorkers } from '../server/src/repositories/work-entries-found-workers.ts';
import { encodeCursor, keyColumns, orderBy } from '../server/src/repositories/work-entries-keyset.ts';
import { FEW_MATCHES, searchInRareStatus } from '../server/src/repositories/work-entries-list.ts';
import { type App, rowsOf } from './work-entries-data.ts';

const L = '/api/v1/work-entries?limit=25';
/** A deep page is half-way through the matches, or this many rows in (finding it costs a walk). */
const DEEPEST = 100_000;

export interface Combo {
  /** sort, order, status and search as the query says them */
  name: string;
  first: string;
  /** half-way through the matches (none when a first page holds them all) */
  deep?: string;
}

/**
 * The search's match on names or notes, as the repository writes it (bench-side copy), and the
 * workers it found.
 */
async function searchIds(app: App, search: string): Promise<{ condition: SQL; userIds: number[] }> {
  const like = `%${search}%`;
  const [found] = rowsOf(
    await app.database.db.execute(sql`select
      array(select id from users where site_id = 'main' and (first_name ilike ${like} or last_name ilike ${like} or first_name || ' ' || last_name ilike ${like})) as u,
      array(select id from positions where site_id = 'main' and (position_name ilike ${like} or position_code ilike ${like})) as p,
      array(select id from tasks where site_id = 'main' and (task_name ilike ${like} or task_code ilike ${like})) as t`),
  ) as { u: number[]; p: number[]; t: number[] }[];
  const words = search.match(/[\p{L}\p{N}]+/gu) ?? [];
  const q = words.map((x) => `${x.toLowerCase()}:*`).join(' & ');
  const list = (ids: number[]) =>
    sql.join(
      ids.map((i) => sql`${Number(i)}`),
      sql`, `,
    );
  const parts = [
    found.u.length ? sql`${w.userId} in (${list(found.u)})` : sql`false`,
    found.p.length ? sql`${w.positionId} in (${list(found.p)})` : sql`false`,
    found.t.length ? sql`${w.taskId} in (${list(found.t)})` : sql`false`,
    sql`(${w.notes} is not null and to_tsvector('simple', ${w.notes}) @@ to_tsquery('simple', ${q}))`,
  ];
  return { condition: sql`(${sql.join(parts, sql` or `)})`, userIds: found.u.map(Number) };
}

export async function combos(app: App): Promise<Combo[]> {
  const [worker] = rowsOf(
    await app.database.db.execute(
      sql`select last_name from users where site_id = 'main' and role = 'worker' order by id limit 1`,
    ),
  );
  const searches: (string | undefined)[] = [undefined, String(worker.last_name), 'moisture'];
  const statuses = [undefined, ...WORK_ENTRY_STATUSES];
  const out: Combo[] = [];
  for (const search of searches) {
    const found = search === undefined ? undefined : await searchIds(app, search);
    for (const status of statuses) {
      const condition = and(
        eq(w.siteId, 'main'),
        status === undefined ? undefined : eq(w.status, status),
        found?.condition,
      );
      const [{ n }] = rowsOf(
        await app.database.db.execute(sql`select count(*)::int as n from ${w} where ${condition}`),
      ) as { n: number }[];
      for (const sort of WORK_ENTRY_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          const query = `&sort=${sort}&order=${order}${status ? `&status=${status}` : ''}${
            search ? `&search=${encodeURIComponent(search)}` : ''
          }`;
          const combo: Combo = {
            name: `sort=${sort}&order=${order}${status ? `&status=${status}` : ''}${search ? `&search=${search}` : ''}`,
            first: `${L}${query}`,
          };
          if (n > 50) {
            // The plan the server's first page would have chosen (its cursor carries it on): a worker
            // sort of a search that found workers reads their ranges (not few) whatever the status.
            const keyset = {
              sort,
              order,
              few:
                n < FEW_MATCHES ||
                (!readsFoundWorkers(sort, found) &&
                  (await searchInRareStatus(app.database.db, 'main', { search, status }))),
            };
            const [row] = await app.database.db
              .select({ id: w.id, k0: keyColumns(sort).k0, k1: keyColumns(sort).k1 })
              .from(w)
              .where(condition)
              .orderBy(...orderBy(keyset))
              .offset(Math.min(Math.floor(n / 2), DEEPEST))
              .limit(1);
            const cursor = encodeCursor(keyset, { id: Number(row.id), k0: row.k0, k1: row.k1 });
            combo.deep = `${combo.first}&cursor=${encodeURIComponent(cursor)}`;
          }
          out.push(combo);
        }
      }
    }
  }
  return out;
}

/**
 * `perSecond` writes a second while `run` runs, as phones make them: a check-in (a new in_progress
 * entry) when few are open, else a status change of an open one along the state chart (pause,
 * resume, or complete with its duration). The entries it made are deleted afterwards.
 */
export async function whileCheckingIn<T>(app: App, perSecond: number, run: () => Promise<T>) {
  const [someone] = rowsOf(
    await app.database.db.execute(
      sql`select user_id, position_id from work_entries where site_id = 'main' limit 1`,
    ),
  ) as { user_id: number; position_id: number }[];
  const open: { id: number; status: 'in_progress' | 'paused' }[] = [];
  let written = 0;
  let failed = 0;
  let tick = 0;
  const write = async () => {
    tick++;
    const pick = open.length < 20 || tick % 3 === 0 ? undefined : open.shift();
    if (!pick) {
      const [row] = await app.database.query<{ id: number }>(
        `insert into work_entries (site_id, user_id, position_id, status, notes)
         values ('main', ${someone.user_id}, ${someone.position_id}, 'in_progress', 'bench write') returning id`,
      );
      open.push({ id: row.id, status: 'in_progress' });
    } else if (pick.status === 'paused') {
      await app.database.query(
        `update work_entries set status = 'in_progress', paused_seconds = paused_seconds + 60, paused_at = null where id = ${pick.id}`,
      );
      open.push({ id: pick.id, status: 'in_progress' });
    } else if (tick % 2 === 0) {
      await app.database.query(
        `update work_entries set status = 'paused', paused_at = now() where id = ${pick.id}`,
      );
      open.push({ id: pick.id, status: 'paused' });
    } else {
      await app.database.query(
        `update work_entries set status = 'completed', completed_at = now(),
           duration_minutes = greatest(1, extract(epoch from now() - started_at)::int / 60) where id = ${pick.id}`,
      );
    }
    written++;
  };
  const timer = setInterval(() => {
    write().catch(() => failed++);
  }, 1000 / perSecond);
  const started = performance.now();
  try {
    return await run();
  } finally {
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `(${written} check-ins and status changes in ${seconds.toFixed(0)} s = ${(written / seconds).toFixed(1)}/s, ${failed} failed)`,
    );
    await app.database.query(`delete from work_entries where notes = 'bench write'`);
  }
}
