import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  SiteList,
  SiteSettingsResponse,
  SiteSettingsUpdate,
  type SiteSettingsUpdateBody,
} from '../../schemas/site-settings.ts';
import { conflict, contextOf, notFound, routeKit } from '../kit.ts';
import { listSites, readSettings, updateSettings } from './service.ts';

const { op } = routeKit('site-settings');

/** GET /sites and GET, PUT /site-settings: registered without a prefix (two top-level paths). */
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
