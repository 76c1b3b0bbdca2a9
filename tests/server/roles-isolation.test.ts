/** Custom roles join the shared site-isolation suite: another site's role is a missing one. */
import { eq } from 'drizzle-orm';
import { customRoles } from '../../server/src/db/schema/index.ts';
import { describeSiteIsolation } from './support/site-isolation.ts';

describeSiteIsolation('custom roles', {
  async seed(t, siteId) {
    const [row] = await t.app.database.db
      .insert(customRoles)
      .values({ siteId, name: 'Foreign role', level: 1, permissions: ['tasks.read'] })
      .returning();
    return row.id;
  },
  requests: (id) => [
    { method: 'PUT', url: `/api/v1/roles/${id}`, payload: { name: 'Taken over', permissions: [] } },
    { method: 'DELETE', url: `/api/v1/roles/${id}` },
  ],
  read: async (t, id) =>
    (await t.app.database.db.select().from(customRoles).where(eq(customRoles.id, id)))[0],
  list: { url: '/api/v1/roles', field: 'roles' },
});
