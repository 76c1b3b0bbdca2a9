/**
 * What a signed-in user may do: their built-in role's permissions, or, when they hold a custom
 * role, exactly that role's permissions at its level. The route guard resolves it on every request
 * (plugins/authorization.ts) from a per-site cache of the site's custom roles and holders; any
 * change to a custom role or to who holds one drops the site's entry, so the change applies from
 * the holders' next request.
 *
 * Several processes (REDIS_URL set): every change also writes a new random version for the site in
 * Redis (infra/redis-stores.ts createRedisRoleVersions), and every lookup reads that version (one
 * GET, sent beside the revocation check) and reloads when it differs from the cached entry's. The
 * change's answer is held until the new version is written (settleRoleChanges, awaited by the
 * authorization plugin before any answer goes out), so once a client has seen the change
 * acknowledged, every process applies it at the next request. A version that could not be written
 * is logged; an entry is never kept longer than ROLE_CACHE_MAX_MS either way.
 */
import type { RoleGrant, RoleLike } from '#domain/permissions.ts';
import type { Db } from '../db/client.ts';
import { loadSiteRoles } from '../repositories/roles.ts';
import type { AuthContext } from '../types.ts';

declare module '../types.ts' {
  interface AuthContext {
    /** The custom role the user holds, resolved by the guard; absent for a built-in role. */
    customRole?: RoleGrant & { id: number; name: string };
  }
}

/** The version of each site's custom roles, shared by every process on one database (Redis). */
export interface RoleVersions {
  /** The site's current version; null when none was ever written (or it was lost). */
  current(siteId: string): Promise<string | null>;
  /** Writes a new version, unlike any before: every process reloads the site's roles. */
  bump(siteId: string): Promise<void>;
}

/** A backstop only: the shared version decides freshness; this bounds a version that failed to write. */
export const ROLE_CACHE_MAX_MS = 30_000;

interface SiteRoles {
  /** user id → their custom role */
  byUser: Map<number, RoleGrant & { id: number; name: string }>;
}

interface Entry {
  roles: Promise<SiteRoles>;
  /** The shared version read before loading (undefined: no sharing, one process). */
  version: string | null | undefined;
  loadedAt: number;
}

interface DbState {
  perSite: Map<string, Entry>;
  versions?: RoleVersions;
  /** Version writes not yet finished: the answers of the changes wait for them. */
  pending: Set<Promise<unknown>>;
  failures: unknown[];
}

const states = new WeakMap<Db, DbState>();

function stateOf(db: Db): DbState {
  let state = states.get(db);
  if (!state) {
    state = { perSite: new Map(), pending: new Set(), failures: [] };
    states.set(db, state);
  }
  return state;
}

/** Share role changes with the other processes on this database (null: this process alone). */
export function shareSiteRoles(db: Db, versions: RoleVersions | null): void {
  const state = stateOf(db);
  state.versions = versions ?? undefined;
  state.perSite.clear();
}

async function load(db: Db, siteId: string): Promise<SiteRoles> {
  const { roles, holders } = await loadSiteRoles(db, siteId);
  const byId = new Map(
    roles.map((r) => [r.id, { id: r.id, name: r.name, level: r.level, permissions: r.permissions }]),
  );
  const byUser = new Map<number, RoleGrant & { id: number; name: string }>();
  for (const h of holders) {
    const role = byId.get(h.roleId);
    if (role) byUser.set(h.userId, role);
  }
  return { byUser };
}

/** The custom role the user holds on their site, if any. */
export async function customRoleOf(db: Db, siteId: string, userId: number) {
  const state = stateOf(db);
  // Read before the roles: a change committed in between only costs one more load later.
  const version = state.versions ? await state.versions.current(siteId) : undefined;
  const now = Date.now();
  let entry = state.perSite.get(siteId);
  if (!entry || entry.version !== version || now - entry.loadedAt > ROLE_CACHE_MAX_MS) {
    const fresh: Entry = { roles: load(db, siteId), version, loadedAt: now };
    entry = fresh;
    state.perSite.set(siteId, fresh);
    // A failed load must not stay cached.
    fresh.roles.catch(() => {
      if (state.perSite.get(siteId) === fresh) state.perSite.delete(siteId);
    });
  }
  return (await entry.roles).byUser.get(userId);
}

/**
 * Any custom role of the site, or who holds one, changed (and is committed): resolve afresh from
 * the next request, in this process at once and in the others once the new version is written.
 */
export function invalidateSiteRoles(db: Db, siteId: string): void {
  const state = states.get(db);
  if (!state) return;
  state.perSite.delete(siteId);
  if (!state.versions) return;
  const write = state.versions.bump(siteId).catch((err: unknown) => {
    state.failures.push(err);
  });
  state.pending.add(write);
  void write.finally(() => state.pending.delete(write));
}

/**
 * Waits for the role versions written so far (the authorization plugin calls it before an answer
 * goes out, so a change is acknowledged only once every process will see it). Returns the errors
 * of versions that could not be written since the last call, for the log.
 */
export async function settleRoleChanges(db: Db): Promise<unknown[]> {
  const state = states.get(db);
  if (!state || (state.pending.size === 0 && state.failures.length === 0)) return [];
  await Promise.all(state.pending);
  return state.failures.splice(0);
}

/** What the rules of src/domain take for the actor: their custom role, else their built-in role. */
export function actorRole(actor: AuthContext): RoleLike {
  return actor.customRole ?? actor.role;
}
