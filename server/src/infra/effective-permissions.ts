/**
 * What a signed-in user may do: their built-in role's permissions, or, when they hold a custom
 * role, exactly that role's permissions at its level. The route guard resolves it on every request
 * (plugins/authorization.ts) from a per-site cache of the site's custom roles and holders
 * (lib/read-cache.ts); any
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
import { ReadCache } from '../lib/read-cache.ts';
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

/**
 * Per site, under the shared version read before loading (lib/read-cache.ts): a change committed
 * in between only costs one more load. Dropped here at once on a change by this process.
 */
const rolesCache = new ReadCache<SiteRoles>({ maxEntries: 10_000, maxAgeMs: ROLE_CACHE_MAX_MS });

interface Sharing {
  versions?: RoleVersions;
  /** Version writes not yet finished: the answers of the changes wait for them. */
  pending: Set<Promise<unknown>>;
  failures: unknown[];
}

const sharingOf = new WeakMap<Db, Sharing>();

/** Share role changes with the other processes on this database (null: this process alone). */
export function shareSiteRoles(db: Db, versions: RoleVersions | null): void {
  sharingOf.set(db, { versions: versions ?? undefined, pending: new Set(), failures: [] });
  rolesCache.clear(db);
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
  const versions = sharingOf.get(db)?.versions;
  // One process: changes drop the entry here (invalidateSiteRoles); shared: the version decides.
  const version = versions ? ((await versions.current(siteId)) ?? 'none') : 'local';
  return (await rolesCache.get(db, siteId, version, () => load(db, siteId))).byUser.get(userId);
}

/**
 * Any custom role of the site, or who holds one, changed (and is committed): resolve afresh from
 * the next request, in this process at once and in the others once the new version is written.
 */
export function invalidateSiteRoles(db: Db, siteId: string): void {
  rolesCache.delete(db, siteId);
  const state = sharingOf.get(db);
  if (!state?.versions) return;
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
  const state = sharingOf.get(db);
  if (!state || (state.pending.size === 0 && state.failures.length === 0)) return [];
  await Promise.all(state.pending);
  return state.failures.splice(0);
}

/** What the rules of src/domain take for the actor: their custom role, else their built-in role. */
export function actorRole(actor: AuthContext): RoleLike {
  return actor.customRole ?? actor.role;
}
