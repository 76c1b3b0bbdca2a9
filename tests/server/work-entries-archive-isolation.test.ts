/**
 * The archive joins the shared site-isolation suite: another site's archived entry answers 404
 * by id and never shows in the archive list or its export.
 */
import { eq } from 'drizzle-orm';
import { workEntriesArchive } from '../../server/src/db/schema/index.ts';
import { signInAs } from './support/actors.ts';
import { describeSiteIsolation } from './support/site-isolation.ts';

describeSiteIsolation('archived work entries', {
  async seed(t, siteId) {
    const worker = await signInAs(t, 'worker', siteId);
    const at = new Date('2025-01-01T08:00:00Z');
    const [row] = await t.app.database.db
      .insert(workEntriesArchive)
      .values({
        id: 900_001,
        siteId,
        userId: worker.id,
        positionId: 1,
        status: 'completed',
        startedAt: at,
        completedAt: at,
        firstName: 'Foreign',
        lastName: 'Worker',
        positionName: 'Foreign bay',
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return row.id;
  },
  requests: (id) => [{ method: 'GET', url: `/api/v1/work-entries/archive/${id}` }],
  read: async (t, id) =>
    (await t.app.database.db.select().from(workEntriesArchive).where(eq(workEntriesArchive.id, id)))[0],
  list: { url: '/api/v1/work-entries/archive?limit=100', field: 'work_entries' },
});
