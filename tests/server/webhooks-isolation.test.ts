/** A webhook of site B is invisible to site A's admin, with all its actions and deliveries. */
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../server/src/db/schema/index.ts';
import { describeSiteIsolation } from './support/site-isolation.ts';

describeSiteIsolation('webhooks', {
  seed: async (t, siteId) => {
    const [row] = await t.app.database.db
      .insert(webhookEndpoints)
      .values({ siteId, url: 'https://example.com/hook', events: ['user.created'], secretEnc: 'v1:x:y:z' })
      .returning();
    return row.id;
  },
  requests: (id) => [
    { method: 'GET', url: `/api/v1/webhooks/${id}` },
    { method: 'PUT', url: `/api/v1/webhooks/${id}`, payload: { description: 'taken over' } },
    { method: 'DELETE', url: `/api/v1/webhooks/${id}` },
    { method: 'POST', url: `/api/v1/webhooks/${id}/rotate-secret` },
    { method: 'POST', url: `/api/v1/webhooks/${id}/test` },
    { method: 'GET', url: `/api/v1/webhooks/${id}/deliveries` },
    { method: 'POST', url: `/api/v1/webhooks/${id}/deliveries/1/retry` },
  ],
  read: (t, id) => t.app.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
  list: { url: '/api/v1/webhooks', field: 'webhooks' },
});
