/**
 * Site settings rules: what the schema cannot say (a real time zone,
 * an address or nothing, a name that is not just spaces), saves that cannot silently overwrite
 * each other, and the settings other areas obey (the user limit here; NFC and upload size through
 * repositories/site-settings getSiteSettings).
 */

import { TILE_URL_MESSAGE, tileUrlKind } from '#domain/coverage-map.ts';
import type { SiteSettings } from '#domain/site-settings.ts';
import { EMAIL_REGEX } from '#domain/validation.ts';
import type { Db } from '../../db/client.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import * as repo from '../../repositories/site-settings.ts';
import { isSiteTimeZone, siteTimeZones } from '../../repositories/time-zones.ts';
import type { SiteSettingsUpdateBody } from '../../schemas/site-settings.ts';
import type { RequestContext } from '../../types.ts';

export const STALE_SETTINGS_MESSAGE =
  'Someone else saved the site settings after you opened them. Reload to see their changes, then make yours again.';

const siteMissing = () => errors.notFound('Site not found', 'SITE_NOT_FOUND');

function toResponse(stored: repo.StoredSettings) {
  return {
    settings: stored.settings,
    version: stored.version,
    updated_at: stored.updatedAt ? stored.updatedAt.toISOString() : null,
  };
}

export async function readSettings(ctx: RequestContext) {
  const stored = await repo.readSiteSettings(ctx.db, ctx.siteId);
  if (!stored) throw siteMissing();
  return toResponse(stored);
}

/** `publicUrl`: the server's PUBLIC_URL or the address the request came to (lib/public-url.ts). */
export async function readDisplaySettings(ctx: RequestContext, publicUrl: string) {
  const { timezone, dateFormat, defaultUserRole } = (await readSettings(ctx)).settings;
  return { timezone, dateFormat, defaultUserRole, publicUrl };
}

function invalid(field: string, rule: string, message: string): HttpError {
  return new HttpError(400, message, { code: 'VALIDATION_ERROR', details: [{ field, message, rule }] });
}

/** GET /site-settings/time-zones: what the settings form's picker offers and a save accepts. */
export async function listTimeZones(ctx: RequestContext) {
  return { time_zones: [...(await siteTimeZones(ctx.db))] };
}

/** The rules beyond the schema; trimmed text is what gets stored. */
async function clean(db: Db, input: SiteSettingsUpdateBody): Promise<SiteSettings> {
  const { version: _version, ...values } = input;
  const siteName = values.siteName.trim();
  if (siteName === '') throw errors.fieldError('siteName', 'required');
  const adminEmail = values.adminEmail.trim();
  if (adminEmail !== '' && !EMAIL_REGEX.test(adminEmail)) throw errors.fieldError('adminEmail', 'email');
  const timezone = values.timezone.trim();
  if (!(await isSiteTimeZone(db, timezone))) {
    throw invalid('timezone', 'timezone', 'Unknown time zone: use a name such as Europe/Helsinki, or UTC');
  }
  // Optional in a save (a console older than the setting sends none): kept as it was.
  const mapTileUrl = values.mapTileUrl === undefined ? undefined : values.mapTileUrl.trim();
  if (mapTileUrl !== undefined && tileUrlKind(mapTileUrl) === 'invalid') {
    throw invalid('mapTileUrl', 'tileUrl', TILE_URL_MESSAGE);
  }
  return {
    ...values,
    siteName,
    adminEmail,
    timezone,
    siteDescription: values.siteDescription.trim(),
    mapTileUrl: mapTileUrl as string,
  };
}

export async function updateSettings(ctx: RequestContext, input: SiteSettingsUpdateBody) {
  const settings = await clean(ctx.db, input);
  const saved = await ctx.db.transaction(async (tx) => {
    const before = await repo.readSiteSettings(tx, ctx.siteId);
    if (settings.mapTileUrl === undefined) settings.mapTileUrl = before?.settings.mapTileUrl ?? '';
    const written = await repo.saveSiteSettings(tx, ctx.siteId, input.version, settings, ctx.actor.userId);
    if (written) {
      const changes = auditDiff(before?.settings, settings, 'as-is');
      await ctx.audit(tx, {
        action: 'site_settings.update',
        entity: 'site_settings',
        id: ctx.siteId,
        changes,
      });
    }
    return written;
  });
  if (!saved) {
    if (!(await repo.findSite(ctx.db, ctx.siteId))) throw siteMissing();
    throw new HttpError(409, STALE_SETTINGS_MESSAGE, { code: 'STALE_SETTINGS' });
  }
  return toResponse({ settings, version: saved.version, updatedAt: saved.updatedAt });
}

export async function listSites(ctx: RequestContext) {
  const site = await repo.findSite(ctx.db, ctx.siteId);
  if (!site) throw siteMissing();
  return { sites: [{ id: site.id, name: site.name, created_at: site.createdAt.toISOString() }] };
}

/**
 * maxUsersPerSite in effect: refuses one more active user on a full site. Call it inside the
 * transaction that adds or reactivates the user: it locks the site's row first, so two requests
 * racing for the last place are taken one after the other and the second sees the first.
 */
export async function assertUserCapacity(tx: Db, siteId: string): Promise<void> {
  await repo.lockSite(tx, siteId);
  const { maxUsersPerSite } = await repo.getSiteSettings(tx, siteId);
  if ((await repo.countActiveUsers(tx, siteId)) < maxUsersPerSite) return;
  throw new HttpError(
    409,
    `This site already has ${maxUsersPerSite} active users, the most its site settings allow. Raise “Max users per site” or deactivate a user first.`,
    { code: 'USER_LIMIT_REACHED' },
  );
}
