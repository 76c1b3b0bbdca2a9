/**
 * Demo and benchmark data for one site (README, "Demo data"): users of every role, positions with
 * coordinates around one construction site, position and user groups, tasks, assignments and
 * dependencies, and N work entries over the last year, some with small generated photos.
 *
 *   npm run seed                                   5,000 entries into DATA_DIR (or DATABASE_URL)
 *   npm run seed -- --work-entries 1000000         a million, for the benchmark
 *   npm run seed -- --site main --photos 300       options: --site, --photos (files written), --password
 *
 * The structure is created once (run again, it is reused); entries are added on every run. The
 * entries are made by SQL (generate_series) in batches, so a million take seconds on PostgreSQL.
 * Stop the server first when it uses the same PGlite folder (the folder takes one process).
 */
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/index.ts';
import {
  positionGroupPositions,
  positionGroups,
  positions,
  positionTaskAssignments,
  sites,
  taskDependencies,
  taskInstances,
  tasks,
  taskTemplates,
  userGroupMembers,
  userGroups,
  users,
  workEntryPhotos,
} from '../server/src/db/schema/index.ts';
import { createPhotoStore } from '../server/src/infra/photo-stores.ts';
import { sitePhoto } from './seed-photos.ts';

const { values: args } = parseArgs({
  options: {
    'work-entries': { type: 'string', default: '5000' },
    site: { type: 'string', default: 'main' },
    photos: { type: 'string', default: '200' },
    password: { type: 'string', default: 'Seed-Pass-1' },
  },
});
const ENTRIES = Number(args['work-entries']);
const PHOTOS = Number(args.photos);
const SITE = args.site as string;
if (!Number.isInteger(ENTRIES) || ENTRIES < 0) throw new Error('--work-entries must be a whole number');
if (!Number.isInteger(PHOTOS) || PHOTOS < 0) throw new Error('--photos must be a whole number');

/** A construction site in Helsinki (Kalasatama); positions are spread ±300 m around it. */
const CENTRE = { latitude: 60.1871, longitude: 24.9776 };
const FIRST = [
  'Aino',
  'Eero',
  'Helmi',
  'Juha',
  'Kaisa',
  'Lauri',
  'Mikko',
  'Noora',
  'Oskari',
  'Pia',
  'Riku',
  'Sanna',
  'Tuomas',
  'Venla',
  'Ville',
  'Anna',
  'Erik',
  'Linnea',
  'Johan',
  'Maja',
];
const LAST = [
  'Virtanen',
  'Korhonen',
  'Mäkinen',
  'Nieminen',
  'Mäkelä',
  'Hämäläinen',
  'Laine',
  'Heikkinen',
  'Koskinen',
  'Järvinen',
  'Lindqvist',
  'Nyström',
];
const BUILDINGS = ['A', 'B', 'C', 'D'];
const AREAS = ['Stairwell', 'Bathroom', 'Kitchen', 'Balcony', 'Corridor', 'Technical room', 'Lobby', 'Roof'];
const TASKS: [code: string, name: string, category: string, minutes: number][] = [
  ['FORM', 'Formwork', 'installation', 180],
  ['REBAR', 'Rebar installation', 'installation', 150],
  ['POUR', 'Pour concrete', 'installation', 120],
  ['CURE', 'Curing check', 'quality', 20],
  ['WATERPROOF', 'Waterproofing', 'installation', 90],
  ['TILE', 'Tiling', 'installation', 240],
  ['ELEC', 'Electrical rough-in', 'installation', 120],
  ['PLUMB', 'Plumbing rough-in', 'installation', 150],
  ['PRESSURE', 'Pressure test', 'testing', 45],
  ['RAIL', 'Install handrails', 'installation', 90],
  ['FIRE', 'Fire-stopping', 'safety', 60],
  ['SAFETY', 'Safety inspection', 'safety', 30],
  ['MOIST', 'Moisture measurement', 'testing', 30],
  ['PHOTO', 'Photo documentation', 'documentation', 15],
  ['HANDOVER', 'Handover inspection', 'quality', 60],
];
/** One-off tasks at a few positions, made by hand (no template): things found on site. */
const ONE_OFF: [position: string, name: string, category: string, minutes: number][] = [
  ['A-101', 'Repair damaged handrail bracket', 'safety', 30],
  ['A-203', 'Remove leftover formwork', 'installation', 45],
  ['B-102', 'Re-measure moisture after drying', 'testing', 20],
  ['C-104', 'Photograph the hidden pipe joints', 'documentation', 15],
  ['D-201', 'Clear the stairwell for the inspection', 'safety', 30],
];
/** The share of each building's instances ticked off so far: A is nearly done, D just started. */
const DONE_SHARE: Record<string, number> = { A: 0.85, B: 0.55, C: 0.25, D: 0 };
/** Each pair: the task cannot start before the one it depends on is completed at the position. */
const DEPENDENCIES: [task: string, dependsOn: string][] = [
  ['REBAR', 'FORM'],
  ['POUR', 'REBAR'],
  ['CURE', 'POUR'],
  ['TILE', 'WATERPROOF'],
  ['PRESSURE', 'PLUMB'],
];
const NOTES = [
  'All done, area cleaned',
  'Waiting for material delivery',
  'Checked with the foreman',
  'Minor damage found, reported',
  'Second coat needed tomorrow',
  'Measured moisture 78 %',
  'Scaffolding moved',
  'Inspection passed',
];
const BATCH = 50_000;

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const database = await openSeedDatabase(config);
  const { db } = database;
  const say = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`);
  say(
    `seeding site '${SITE}' in ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`}`,
  );
  try {
    await db.insert(sites).values({ id: SITE, name: 'Kalasatama Block 4' }).onConflictDoNothing();
    const workerIds = await seedUsers(db);
    say(`${workerIds.length} workers (and an owner, managers and an admin), password ${args.password}`);
    const positionIds = await seedPositions(db);
    await seedGroups(db, positionIds, workerIds);
    const schedules = await seedSchedules(db, positionIds);
    const pairs = await seedTasks(db, positionIds);
    say(
      `${positionIds.length} positions, groups, ${schedules} visit schedules, ${TASKS.length} tasks, ${pairs} assignments with dependencies`,
    );
    const instances = await seedTemplatesAndInstances(db, positionIds);
    say(`${TASKS.length} task templates, ${instances} task instances`);
    if (workerIds.length > 0) await seedEntries(db, say);
    const photos = await seedPhotos(db, config);
    say(`${photos} photos written`);
    await db.execute(sql`analyze work_entries, work_entry_hourly_counts, work_entry_site_totals`);
    say('done');
  } finally {
    await database.close();
  }
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/**
 * The server's database, migrated. On PostgreSQL the seed then uses a pool of its own without
 * the server's 10-second query limit (rebuilding an index over a million rows can take longer).
 */
async function openSeedDatabase(config: ReturnType<typeof loadConfig>) {
  const migrated = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteThread: config.pgliteThread,
  });
  if (migrated.kind !== 'postgres') return migrated;
  await migrated.close();
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  return {
    kind: 'postgres' as const,
    db: drizzle(pool, { schema }) as unknown as Db,
    close: () => pool.end(),
  };
}

async function seedUsers(db: Db): Promise<number[]> {
  const passwordHash = await hash(args.password as string, { algorithm: 2, memoryCost: 19456, timeCost: 2 });
  const person = (i: number) => ({ first: FIRST[i % FIRST.length], last: LAST[(i * 7) % LAST.length] });
  const rows = [
    { role: 'admin', ...person(100), email: 'seed.admin@example.com' },
    { role: 'owner', ...person(101), email: 'owner@example.com' },
    { role: 'manager', ...person(102), email: 'manager@example.com' },
    { role: 'manager', ...person(103), email: 'manager2@example.com' },
    ...Array.from({ length: 40 }, (_, i) => ({
      role: 'worker',
      ...person(i),
      email: `worker${i + 1}@example.com`,
    })),
  ];
  await db
    .insert(users)
    .values(
      rows.map((r) => ({
        siteId: SITE,
        email: r.email,
        emailNormalized: r.email,
        firstName: r.first,
        lastName: r.last,
        role: r.role,
        passwordHash,
      })),
    )
    .onConflictDoNothing();
  const workers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, SITE), eq(users.role, 'worker')));
  return workers.map((w) => w.id);
}

async function seedPositions(db: Db): Promise<number[]> {
  const rows = BUILDINGS.flatMap((b, bi) =>
    AREAS.flatMap((area, ai) =>
      [1, 2].map((floor) => {
        const n = bi * 100 + ai * 10 + floor;
        return {
          siteId: SITE,
          positionCode: `${b}-${floor}${String(ai + 1).padStart(2, '0')}`,
          positionName: `${area}, building ${b}, floor ${floor}`,
          locationDetails: `Building ${b}, floor ${floor}`,
          nfcTagId: `K4${b}${String(n).padStart(4, '0')}`,
          latitude: Number((CENTRE.latitude + ((bi - 1.5) * 0.0012 + (ai - 4) * 0.0002)).toFixed(6)),
          longitude: Number((CENTRE.longitude + ((floor - 1.5) * 0.001 + (ai % 3) * 0.0004)).toFixed(6)),
        };
      }),
    ),
  );
  await db.insert(positions).values(rows).onConflictDoNothing();
  const found = await db
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        eq(positions.siteId, SITE),
        inArray(
          positions.positionCode,
          rows.map((r) => r.positionCode),
        ),
      ),
    );
  return found.map((p) => p.id);
}

/**
 * Visit schedules: hourly day rounds of each building, a night round of the first, and
 * a morning check of a few positions. In force from a day before the seed, so the coverage close
 * job judges the last day's windows at once.
 */
async function seedSchedules(db: Db, positionIds: number[]): Promise<number> {
  const existing = await db
    .select({ id: schema.visitSchedules.id })
    .from(schema.visitSchedules)
    .where(eq(schema.visitSchedules.siteId, SITE))
    .limit(1);
  if (existing.length > 0) return 0;
  const groups = await db
    .select({ id: positionGroups.id, name: positionGroups.groupName })
    .from(positionGroups)
    .where(eq(positionGroups.siteId, SITE));
  const ruleFrom = new Date(Date.now() - 86_400_000);
  const rows: (typeof schema.visitSchedules.$inferInsert)[] = groups.map((g) => ({
    siteId: SITE,
    scheduleName: `${g.name} day rounds`,
    positionGroupId: g.id,
    days: [1, 2, 3, 4, 5],
    windowStart: '07:00',
    windowEnd: '17:00',
    frequencyKind: 'every',
    frequencyValue: 2,
    toleranceMinutes: 15,
    ruleFrom,
  }));
  if (groups[0]) {
    rows.push({
      siteId: SITE,
      scheduleName: `${groups[0].name} night round`,
      positionGroupId: groups[0].id,
      days: [1, 2, 3, 4, 5, 6, 7],
      windowStart: '22:00',
      windowEnd: '06:00',
      frequencyKind: 'times',
      frequencyValue: 2,
      toleranceMinutes: 30,
      ruleFrom,
    });
  }
  for (const positionId of positionIds.slice(0, 3)) {
    rows.push({
      siteId: SITE,
      scheduleName: 'Morning safety check',
      positionId,
      days: [1, 2, 3, 4, 5],
      windowStart: '06:00',
      windowEnd: '12:00',
      frequencyKind: 'by',
      dueTime: '09:00',
      toleranceMinutes: 10,
      ruleFrom,
    });
  }
  if (rows.length > 0) await db.insert(schema.visitSchedules).values(rows);
  return rows.length;
}

async function seedGroups(db: Db, positionIds: number[], workerIds: number[]) {
  for (const [i, b] of BUILDINGS.entries()) {
    const [group] = await db
      .insert(positionGroups)
      .values({ siteId: SITE, groupName: `Building ${b}`, groupCode: `building_${b.toLowerCase()}` })
      .onConflictDoNothing()
      .returning({ id: positionGroups.id });
    if (!group) continue;
    const share = positionIds.slice(i * (positionIds.length / 4), (i + 1) * (positionIds.length / 4));
    await db
      .insert(positionGroupPositions)
      .values(share.map((positionId) => ({ siteId: SITE, groupId: group.id, positionId })));
  }
  for (const [i, [name, type]] of [
    ['Concrete crew', 'team'],
    ['Finishing crew', 'team'],
    ['Rakennus Oy (subcontractor)', 'subcontractor'],
  ].entries()) {
    const [group] = await db
      .insert(userGroups)
      .values({ siteId: SITE, groupName: name, groupCode: `crew_${i + 1}`, groupType: type })
      .onConflictDoNothing()
      .returning({ id: userGroups.id });
    if (!group) continue;
    const members = workerIds.filter((_, k) => k % 3 === i);
    await db
      .insert(userGroupMembers)
      .values(members.map((userId) => ({ siteId: SITE, groupId: group.id, userId })));
  }
}

async function seedTasks(db: Db, positionIds: number[]): Promise<number> {
  await db
    .insert(tasks)
    .values(
      TASKS.map(([code, name, category, minutes]) => ({
        siteId: SITE,
        taskCode: code,
        taskName: name,
        category,
        estimatedDurationMinutes: minutes,
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: tasks.id, code: tasks.taskCode })
    .from(tasks)
    .where(eq(tasks.siteId, SITE));
  const idOf = new Map(rows.map((r) => [r.code, r.id]));
  const assignments = positionIds.flatMap((positionId, i) =>
    TASKS.filter((_, k) => (k + i) % 2 === 0 || k < 4).map(([code]) => ({
      siteId: SITE,
      positionId,
      taskId: idOf.get(code) as number,
      isPrimary: code === 'FORM',
    })),
  );
  await db.insert(positionTaskAssignments).values(assignments).onConflictDoNothing();
  const assigned = new Set(assignments.map((a) => `${a.positionId}:${a.taskId}`));
  const deps = positionIds.flatMap((positionId) =>
    DEPENDENCIES.filter(
      ([task, on]) =>
        assigned.has(`${positionId}:${idOf.get(task)}`) && assigned.has(`${positionId}:${idOf.get(on)}`),
    ).map(([task, on]) => ({
      siteId: SITE,
      positionId,
      taskId: idOf.get(task) as number,
      dependsOnTaskId: idOf.get(on) as number,
    })),
  );
  if (deps.length) await db.insert(taskDependencies).values(deps).onConflictDoNothing();
  return assignments.length;
}

/**
 * The template library and the task instances, so Task management shows the same
 * work as the assignments: a template per catalogue task (same code, name, category, duration),
 * and at each position an instance of each task assigned there, some ticked off (more in the
 * buildings started first), plus a few one-off tasks made by hand. Instance completion is the
 * instance's own (a complete call with a note); work entries are logged against the catalogue
 * tasks and do not tick instances off. Made once: a site that has instances keeps them.
 */
async function seedTemplatesAndInstances(db: Db, positionIds: number[]): Promise<number> {
  const priority = (category: string) => (category === 'safety' ? 3 : category === 'quality' ? 2 : 1);
  await db
    .insert(taskTemplates)
    .values(
      TASKS.map(([code, name, category, minutes]) => ({
        siteId: SITE,
        taskCode: code,
        taskName: name,
        templateName: name,
        category,
        priority: priority(category),
        durationMinutes: minutes,
      })),
    )
    .onConflictDoNothing();
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taskInstances)
    .where(eq(taskInstances.siteId, SITE));
  if ((existing?.n ?? 0) > 0) return existing.n;

  const templates = await db.select().from(taskTemplates).where(eq(taskTemplates.siteId, SITE));
  const templateOf = new Map(templates.map((t) => [t.taskCode, t]));
  const manager = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, SITE), eq(users.email, 'manager@example.com')));
  const pairs = await db
    .select({
      positionId: positionTaskAssignments.positionId,
      code: tasks.taskCode,
      isPrimary: positionTaskAssignments.isPrimary,
      positionCode: positions.positionCode,
    })
    .from(positionTaskAssignments)
    .innerJoin(tasks, eq(tasks.id, positionTaskAssignments.taskId))
    .innerJoin(positions, eq(positions.id, positionTaskAssignments.positionId))
    .where(
      and(eq(positionTaskAssignments.siteId, SITE), inArray(positionTaskAssignments.positionId, positionIds)),
    );
  const order = new Map(TASKS.map(([code], i) => [code, i]));
  const byPosition = Map.groupBy(pairs, (p) => p.positionId);
  const now = Date.now();
  const rows: (typeof taskInstances.$inferInsert)[] = [];
  for (const list of byPosition.values()) {
    // In the order the work goes (formwork before rebar …): the first ones are the ones done.
    list.sort((a, b) => (order.get(a.code) ?? 0) - (order.get(b.code) ?? 0));
    const done = Math.round(list.length * (DONE_SHARE[list[0].positionCode[0]] ?? 0));
    for (const [k, pair] of list.entries()) {
      const template = templateOf.get(pair.code);
      if (!template) continue;
      const completed = k < done;
      rows.push({
        siteId: SITE,
        positionId: pair.positionId,
        templateId: template.id,
        taskCode: template.taskCode,
        taskName: template.taskName,
        category: template.category,
        priority: template.priority,
        durationMinutes: template.durationMinutes,
        isPrimary: pair.isPrimary,
        isCompleted: completed,
        // Finished over the last weeks, the earlier tasks first; never in the future.
        completedAt: completed ? new Date(now - (done - k) * 2 * 86_400_000) : null,
        completedBy: completed ? (manager[0]?.id ?? null) : null,
      });
    }
  }
  const positionByCode = new Map(pairs.map((p) => [p.positionCode, p.positionId]));
  for (const [code, name, category, minutes] of ONE_OFF) {
    const positionId = positionByCode.get(code);
    if (positionId === undefined) continue;
    rows.push({ siteId: SITE, positionId, taskName: name, category, durationMinutes: minutes, priority: 2 });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(taskInstances).values(rows.slice(i, i + 1000));
  return rows.length;
}

/**
 * N entries by SQL, from the site's assignments and workers: created over the last year (denser
 * lately), 80 % completed, the rest failed, cancelled, or (the last two days) in progress or
 * paused; durations around the task's estimate, a finished entry ending at its moment (so none ends
 * after the seed ran); a note on one in six. The names the sorts need are
 * joined in here, so the per-row trigger that would look them up never runs.
 */
function insertEntries(n: number) {
  return sql`
        with pairs as (
          select row_number() over (order by a.position_id, a.task_id) - 1 as k, a.position_id, a.task_id,
                 p.position_name, t.task_name, coalesce(t.estimated_duration_minutes, 60) as minutes
          from position_task_assignments a
          join positions p on p.id = a.position_id
          join tasks t on t.id = a.task_id
          where a.site_id = ${SITE}
        ),
        people as (
          select row_number() over (order by id) - 1 as k, id, first_name || ' ' || last_name as name
          from users where site_id = ${SITE} and role = 'worker'
        ),
        g as (
          select i, random() as r1, random() as r2, random() as r3, random() as r4,
                 (select count(*) from pairs) as npairs, (select count(*) from people) as npeople
          from generate_series(1, ${n}) as i
        ),
        e as (
          select g.*, now() - (power(g.r1, 1.6) * interval '365 days') as at
          from g
        )
        insert into work_entries
          (site_id, user_id, position_id, task_id, task_name, worker_name, position_name, status,
           started_at, created_at, completed_at, duration_minutes, notes, nfc_tag_id)
        select ${SITE}, u.id, p.position_id, p.task_id, p.task_name, u.name, p.position_name, s.status,
               w.started, w.started,
               case when s.status in ('completed', 'failed', 'cancelled') then e.at end,
               case when s.status in ('completed', 'failed', 'cancelled') then d.minutes end,
               case when e.r4 < 0.17 then (array[${sql.join(
                 NOTES.map((n) => sql`${n}`),
                 sql`, `,
               )}])[1 + floor(e.r4 * 6 * ${NOTES.length})::int % ${NOTES.length}] end,
               null
        from e
        join pairs p on p.k = floor(e.r2 * e.npairs)::int
        join people u on u.k = floor(e.r3 * e.npeople)::int
        cross join lateral (
          select case
            when e.at > now() - interval '2 days' and e.r4 > 0.7 then (case when e.r4 > 0.85 then 'in_progress' else 'paused' end)
            when e.r4 > 0.92 then 'failed'
            when e.r4 > 0.88 then 'cancelled'
            else 'completed' end as status
        ) s
        cross join lateral (select greatest(5, round(p.minutes * (0.6 + e.r2 * 0.8)))::int as minutes) d
        cross join lateral (
          select case when s.status in ('completed', 'failed', 'cancelled')
                      then e.at - d.minutes * interval '1 minute' else e.at end as started
        ) w`;
}

async function seedEntries(db: Db, say: (t: string) => void) {
  if (ENTRIES === 0) return;
  // Many rows: building the indexes once at the end is far cheaper than keeping them up to date
  // row by row. All in one transaction, so an interrupted seed leaves the table as it was.
  const bulk = ENTRIES >= 200_000;
  const [{ before }] = rowsOf(
    await db.execute(sql`select coalesce(max(id), 0)::int as before from work_entries`),
  ) as { before: number }[];
  await db.transaction(async (tx) => {
    let saved: { name: string; def: string }[] = [];
    let replica = false;
    if (bulk) {
      const result = await tx.execute(sql`
        select indexname as name, indexdef as def from pg_indexes
        where tablename = 'work_entries' and indexname <> 'work_entries_pkey'`);
      saved = rowsOf(result) as { name: string; def: string }[];
      for (const { name } of saved) await tx.execute(sql.raw(`drop index "${name}"`));
      // Foreign-key checks and triggers off for this transaction (the rows reference what the seed
      // has just read); the counts the triggers keep are added up once below. Needs a superuser:
      // without, the seed runs with them on, only slower.
      replica = await tx
        .execute(sql`set local session_replication_role = replica`)
        .then(() => true)
        .catch(() => false);
    }
    for (let done = 0; done < ENTRIES; done += BATCH) {
      const n = Math.min(BATCH, ENTRIES - done);
      await tx.execute(insertEntries(n));
      say(`${(done + n).toLocaleString('en')} of ${ENTRIES.toLocaleString('en')} work entries`);
    }
    if (replica) {
      await tx.execute(sql`set local session_replication_role = origin`);
      await tx.execute(sql`
        insert into work_entry_hourly_counts as c (site_id, hour, status, entries)
        select site_id, date_trunc('hour', created_at at time zone 'UTC'), status, count(*)
        from work_entries where id > ${before} group by 1, 2, 3
        on conflict (site_id, hour, status, shard) do update set entries = c.entries + excluded.entries`);
      await tx.execute(sql`
        insert into work_entry_site_totals as s (site_id, entries, version)
        select site_id, count(*), 1 from work_entries where id > ${before} group by 1
        on conflict (site_id, shard) do update set entries = s.entries + excluded.entries, version = s.version + 1`);
    }
    if (bulk) {
      // Room to sort a million keys in memory rather than in temporary files.
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      for (const { def } of saved) await tx.execute(sql.raw(def));
      say(`${saved.length} indexes rebuilt`);
    }
  });
  // Every page all-visible, so counts and index-only pages read no row (PGlite has no autovacuum
  // to do it later; its upkeep job then keeps it so).
  await db.execute(sql`vacuum analyze work_entries`);
}

/**
 * Photos for the newest completed entries that have none: files in the photo store the server
 * uses (the folder, or the bucket with PHOTO_STORE=s3), rows pointing at them.
 */
async function seedPhotos(db: Db, config: ReturnType<typeof loadConfig>): Promise<number> {
  if (PHOTOS === 0) return 0;
  const store = createPhotoStore(config.photos, config.dataDir);
  try {
    await store.check();
    const result = await db.execute(sql`
      select w.id from work_entries w
      where w.site_id = ${SITE} and w.status = 'completed'
        and not exists (select 1 from work_entry_photos p where p.work_entry_id = w.id)
      order by w.created_at desc limit ${PHOTOS}`);
    const ids = (rowsOf(result) as { id: number }[]).map((r) => Number(r.id));
    const rows = [];
    for (const [i, id] of ids.entries()) {
      const key = `${encodeURIComponent(SITE)}/${id}/seed-${i}.png`;
      const png = sitePhoto(id);
      await store.put(key, Readable.from([png]), 'image/png');
      rows.push({ siteId: SITE, workEntryId: id, url: key, contentType: 'image/png', sizeBytes: png.length });
    }
    for (let i = 0; i < rows.length; i += 1000)
      await db.insert(workEntryPhotos).values(rows.slice(i, i + 1000));
    return rows.length;
  } finally {
    store.close();
  }
}

/** node-postgres answers { rows }, PGlite too; either way, the rows. */
function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows: unknown[] }).rows ?? []);
}

await main();
