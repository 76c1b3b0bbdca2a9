import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicUrlOf } from '../../lib/public-url.ts';
import {
  SiteDisplaySettings,
  SiteList,
  SiteSettingsResponse,
  SiteSettingsUpdate,
  type SiteSettingsUpdateBody,
  TimeZoneList,
} from '../../schemas/site-settings.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { listSites, listTimeZones, readDisplaySettings, readSettings, updateSettings } from './service.ts';

const { op } = routeKit('site-settings');

/** GET /sites, GET and PUT /site-settings, GET /site-settings/display and /time-zones: registered without a prefix. */
const siteSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sites',
    op(
      'authenticated',
      { operationId: 'listSites', summary: 'The caller’s site (one entry)' },
      { response: { 200: SiteList, ...notFound('site') } },
    ),
    async (request) => listSites(contextOf(app, request)),
  );

  app.get(
    '/site-settings',
    op(
      'system.settings',
      {
        operationId: 'getSiteSettings',
        summary: 'The site’s settings over the defaults, with their version',
      },
      { response: { 200: SiteSettingsResponse, ...notFound('site') } },
    ),
    async (request) => readSettings(contextOf(app, request)),
  );

  app.get(
    '/site-settings/display',
    op(
      'authenticated',
      {
        operationId: 'getSiteDisplaySettings',
        summary:
          'The settings every user’s console follows: time zone, date format, default role, and the public address tags carry',
      },
      { response: { 200: SiteDisplaySettings, ...notFound('site') } },
    ),
    async (request) => readDisplaySettings(contextOf(app, request), publicUrlOf(app.config, request)),
  );

  app.get(
    '/site-settings/time-zones',
    op(
      'system.settings',
      {
        operationId: 'listTimeZones',
        summary: 'The time zones the settings accept (every zone the database knows), UTC first',
      },
      { response: { 200: TimeZoneList } },
    ),
    async (request) => listTimeZones(contextOf(app, request)),
  );

  app.put(
    '/site-settings',
    op(
      'system.settings',
      {
        operationId: 'updateSiteSettings',
        summary: 'Save the whole settings object',
        description:
          'Carries the version it was based on; a save based on an older version answers 409 STALE_SETTINGS and changes nothing.',
      },
      {
        body: SiteSettingsUpdate,
        response: {
          200: SiteSettingsResponse,
          ...notFound('site'),
          ...conflict('Someone else saved the settings since this version (STALE_SETTINGS)'),
        },
      },
    ),
    // The type provider reads the two closed lists as unknown; the schema has checked them.
    async (request) => updateSettings(contextOf(app, request), request.body as SiteSettingsUpdateBody),
  );
};

export default siteSettingsRoutes;
