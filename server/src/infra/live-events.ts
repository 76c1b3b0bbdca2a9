/**
 * Live updates (GET /api/v1/events): each process keeps the event streams open on it and hands them
 * what its bus delivers, filtered per viewer (#domain/live-events.ts mayReceive).
 * - The bus carries a site's events to every process and keeps the last ones for replay: in memory
 *   for one process (below), a Redis stream and pub/sub for several (redis-live-events.ts). Both
 *   keep at most RETENTION_MS (10 minutes) and RETENTION_COUNT (10,000 events) per site.
 * - Events are published after the change's transaction committed: a request's audited changes are
 *   collected while it runs and published when it answered 2xx (plugins/live-events.ts), so a
 *   rolled-back change is never announced.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  LIVE_RECORDS_MAX,
  type LiveEvent,
  type LiveViewer,
  liveRecord,
  mayReceive,
  RESOURCE_OF_ENTITY,
  type WorkEntryEventType,
} from '#domain/live-events.ts';
import type { Db } from '../db/client.ts';
import type { AuditInput } from '../lib/audit-record.ts';
import { entryOwners } from '../repositories/work-entries.ts';

export const RETENTION_MS = 10 * 60 * 1000;
export const RETENTION_COUNT = 10_000;

export interface StoredEvent {
  id: string;
  event: LiveEvent;
}

/** The events after an id, or 'reset' when some of them are no longer kept (or the id is unknown). */
export type Replay = StoredEvent[] | 'reset';

export interface LiveBus {
  /** Keeps the event for replay and delivers it to every process's listener. */
  publish(siteId: string, event: LiveEvent): Promise<void>;
  since(siteId: string, lastId: string): Promise<Replay>;
  /** An id meaning "everything so far": a stream resumed from it misses nothing published later. */
  latest(siteId: string): Promise<string>;
  /** `system` is a process-local notice (the bus lost or regained its link): not replayed. */
  listen(onEvent: (siteId: string, stored: StoredEvent) => void, onNotice: (notice: BusNotice) => void): void;
  close(): Promise<void>;
}

export type BusNotice = { type: 'down' } | { type: 'up' };

/** One open stream, as the hub sees it. */
export interface LiveSubscriber {
  siteId: string;
  viewer: LiveViewer;
  send(stored: StoredEvent): void;
  /** Events may have been missed (the bus came back after an outage): the client reloads. */
  reset(): void;
  /** Sends an event that is not kept for replay (system status of this process). */
  notice(event: LiveEvent): void;
}

export interface LiveEvents {
  /** Publishes what a request's audited changes mean to the screens (after its commit). */
  publishChanges(db: Db, siteId: string, changes: AuditInput[]): Promise<void>;
  publish(siteId: string, event: LiveEvent): Promise<void>;
  attach(subscriber: LiveSubscriber): () => void;
  since(siteId: string, lastId: string): Promise<Replay>;
  latest(siteId: string): Promise<string>;
  /** Open streams on this process. */
  size(): number;
  /** Ends every stream (shutdown): their clients reconnect to another process. */
  endAll(): void;
  onEndAll(listener: () => void): () => void;
  close(): Promise<void>;
}

const WORK_ENTRY_ACTION: Record<string, WorkEntryEventType> = {
  'work_entry.create': 'work_entry.created',
  'work_entry.update': 'work_entry.updated',
  'work_entry.delete': 'work_entry.deleted',
  'work_entry.photo_add': 'work_entry.photo_added',
};

type ChangeValue = { old: unknown; new: unknown } | 'changed' | undefined;
const newOf = (c: ChangeValue) => (c && c !== 'changed' ? c.new : undefined);
const oldOf = (c: ChangeValue) => (c && c !== 'changed' ? c.old : undefined);

/** The events a request's audited changes mean, in order; work entries' workers read when not given. */
export async function eventsOfChanges(db: Db, siteId: string, changes: AuditInput[]): Promise<LiveEvent[]> {
  const unknownOwners = changes
    .filter((c) => c.entity === 'work_entry' && c.action !== 'work_entry.delete')
    .filter((c) => typeof newOf(c.changes?.user_id) !== 'number')
    .map((c) => Number(c.id));
  const owners = new Map(
    (await entryOwners(db, siteId, [...new Set(unknownOwners)].filter(Number.isSafeInteger))).map((r) => [
      r.id,
      r,
    ]),
  );
  const events: LiveEvent[] = [];
  const lists = new Map<string, Extract<LiveEvent, { type: 'changed' }>['data']>();
  for (const c of changes) {
    if (c.entity === 'work_entry') {
      const type = WORK_ENTRY_ACTION[c.action] ?? 'work_entry.updated';
      const id = Number(c.id);
      const given = newOf(c.changes?.user_id) ?? oldOf(c.changes?.user_id);
      const userId = typeof given === 'number' ? given : owners.get(id)?.userId;
      if (!Number.isSafeInteger(id) || userId === undefined) continue;
      const status = newOf(c.changes?.status);
      events.push({ type, data: { id, user_id: userId, ...(typeof status === 'string' ? { status } : {}) } });
      continue;
    }
    const list = RESOURCE_OF_ENTITY[c.entity];
    if (!list) continue;
    // One event per list, in the order of its first change, naming the records that changed.
    let data = lists.get(list.resource);
    if (!data) {
      data = { resource: list.resource, records: [] };
      lists.set(list.resource, data);
      events.push({ type: 'changed', data });
    }
    if (c.id === undefined || c.id === null) delete data.records;
    else if (data.records && !data.records.includes(liveRecord(c.entity, c.id))) {
      data.records.push(liveRecord(c.entity, c.id));
      if (data.records.length > LIVE_RECORDS_MAX) delete data.records;
    }
  }
  return events;
}

export function createLiveEvents(bus: LiveBus, log: FastifyBaseLogger): LiveEvents {
  const bySite = new Map<string, Set<LiveSubscriber>>();
  const endListeners = new Set<() => void>();
  let count = 0;
  bus.listen(
    (siteId, stored) => {
      const subscribers = bySite.get(siteId);
      if (!subscribers) return;
      for (const s of subscribers) if (mayReceive(stored.event, s.viewer)) s.send(stored);
    },
    (notice) => {
      const event: LiveEvent = { type: 'system.status', data: { redis: notice.type } };
      for (const subscribers of bySite.values())
        for (const s of subscribers) {
          if (mayReceive(event, s.viewer)) s.notice(event);
          // Whatever was published while the link was down never arrived here.
          if (notice.type === 'up') s.reset();
        }
    },
  );
  const publish = async (siteId: string, event: LiveEvent) => {
    try {
      await bus.publish(siteId, event);
    } catch (err) {
      // The change is committed; only its announcement is lost (clients reload on the next reset).
      log.warn({ err, event: event.type }, 'could not publish a live event');
    }
  };
  // One request's events after another's, in the order their answers went: a request's events
  // (which may need a read first) never overtake those of the request answered before it.
  let queue: Promise<void> = Promise.resolve();
  return {
    publish,
    publishChanges(db, siteId, changes) {
      const events = eventsOfChanges(db, siteId, changes);
      queue = queue.then(async () => {
        try {
          for (const event of await events) await publish(siteId, event);
        } catch (err) {
          log.warn({ err }, 'could not announce a change to live event streams');
        }
      });
      return queue;
    },
    attach(subscriber) {
      const set = bySite.get(subscriber.siteId) ?? new Set<LiveSubscriber>();
      bySite.set(subscriber.siteId, set);
      set.add(subscriber);
      count++;
      let attached = true;
      return () => {
        if (!attached) return;
        attached = false;
        count--;
        set.delete(subscriber);
        if (set.size === 0) bySite.delete(subscriber.siteId);
      };
    },
    since: (siteId, lastId) => bus.since(siteId, lastId),
    latest: (siteId) => bus.latest(siteId),
    size: () => count,
    endAll() {
      for (const listener of [...endListeners]) listener();
    },
    onEndAll(listener) {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
    close: () => bus.close(),
  };
}

/**
 * The bus of a process alone: per site, the events of the last RETENTION_MS (at most
 * RETENTION_COUNT) in memory. Ids are `<process>-<sequence>`: an id of another process (this one
 * restarted) is unknown, and its stream is reset.
 */
export function createMemoryLiveBus(now: () => number = Date.now): LiveBus {
  const boot = randomBytes(4).toString('hex');
  let seq = 0;
  const kept = new Map<string, { events: (StoredEvent & { seq: number; at: number })[]; dropped: number }>();
  let onEvent: (siteId: string, stored: StoredEvent) => void = () => {};
  const trim = (site: { events: { seq: number; at: number }[]; dropped: number }) => {
    const cutoff = now() - RETENTION_MS;
    let n = 0;
    while (n < site.events.length && (site.events[n].at < cutoff || site.events.length - n > RETENTION_COUNT))
      n++;
    if (n > 0) {
      site.dropped = site.events[n - 1].seq;
      site.events.splice(0, n);
    }
  };
  const parse = (id: string) => {
    const match = /^([0-9a-f]{8})-(\d{1,15})$/.exec(id);
    return match && match[1] === boot ? Number(match[2]) : null;
  };
  return {
    async publish(siteId, event) {
      const site = kept.get(siteId) ?? { events: [], dropped: 0 };
      kept.set(siteId, site);
      const stored = { id: `${boot}-${++seq}`, seq, at: now(), event };
      site.events.push(stored);
      trim(site);
      onEvent(siteId, { id: stored.id, event });
    },
    async since(siteId, lastId) {
      const last = parse(lastId);
      if (last === null || last > seq) return 'reset';
      const site = kept.get(siteId);
      if (!site) return [];
      trim(site);
      if (last < site.dropped) return 'reset';
      return site.events.filter((e) => e.seq > last).map(({ id, event }) => ({ id, event }));
    },
    async latest() {
      return `${boot}-${seq}`;
    },
    listen(listener) {
      onEvent = listener;
    },
    async close() {
      kept.clear();
    },
  };
}
