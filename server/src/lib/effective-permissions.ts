/**
 * What a signed-in user may do: their built-in role's permissions, or, when they hold a custom
 * role, exactly that role's permissions at its level. The route guard resolves it on every request
 * (plugins/authorization.ts) from a per-site cache of the site's custom roles and holders; any
 * change to a custom role or to who holds one drops the site's entry, so the change applies from
 * the holders' next request.
 *
 * The cache lives in this process: with several API processes, a change made in one reaches the
 * others only when they drop their entry (on their own changes or a restart).
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

interface SiteRoles {
  /** user id → their custom role */
  byUser: Map<number, RoleGrant & { id: number; name: string }>;
}

const caches = new WeakMap<Db, Map<string, Promise<SiteRoles>>>();

function siteCache(db: Db) {
  let perSite = caches.get(db);
  if (!perSite) {
    perSite = new Map();
    caches.set(db, perSite);
  }
  return perSite;
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
  const perSite = siteCache(db);
  let entry = perSite.get(siteId);
  if (!entry) {
    entry = load(db, siteId);
    perSite.set(siteId, entry);
    // A failed load must not stay cached.
    entry.catch(() => {
      if (perSite.get(siteId) === entry) perSite.delete(siteId);
    });
  }
  return (await entry).byUser.get(userId);
}

/** Any custom role of the site, or who holds one, changed: resolve afresh from the next request. */
export function invalidateSiteRoles(db: Db, siteId: string): void {
  caches.get(db)?.delete(siteId);
}

/** What the rules of src/domain take for the actor: their custom role, else their built-in role. */
export function actorRole(actor: AuthContext): RoleLike {
  return actor.customRole ?? actor.role;
}
