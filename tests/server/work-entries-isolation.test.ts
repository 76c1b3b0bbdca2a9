/**
 * Work entries join the shared site-isolation suite: another site's entry answers 404 on every
 * by-id route (photos included), stays unchanged, and never shows in the list or the export.
 */
import { eq } from 'drizzle-orm';
import { workEntries, workEntryPhotos } from '../../server/src/db/schema/index.ts';
import { signInAs } from './support/actors.ts';
import { describeSiteIsolation } from './support/site-isolation.ts';
import { insertEntry, makePosition } from './work-entries-support.ts';

describeSiteIsolation('work entries', {
  async seed(t, siteId) {
    const worker = await signInAs(t, 'worker', siteId);
    const position = await makePosition(t, { siteId });
    const entry = await insertEntry(t, {
      siteId,
      userId: worker.id,
      positionId: position.id,
      notes: 'Foreign',
    });
    await t.app.database.db
      .insert(workEntryPhotos)
      .values({ siteId, workEntryId: entry.id, url: 'x/y.png', contentType: 'image/png', sizeBytes: 1 });
    return entry.id;
  },
  requests: (id) => [
    { method: 'GET', url: `/api/v1/work-entries/${id}` },
    { method: 'PUT', url: `/api/v1/work-entries/${id}`, payload: { status: 'completed', notes: 'Hacked' } },
    { method: 'DELETE', url: `/api/v1/work-entries/${id}` },
    { method: 'POST', url: `/api/v1/work-entries/${id}/photos`, payload: {} },
  ],
  read: async (t, id) => [
    (await t.app.database.db.select().from(workEntries).where(eq(workEntries.id, id)))[0],
    await t.app.database.db.select().from(workEntryPhotos).where(eq(workEntryPhotos.workEntryId, id)),
  ],
  list: { url: '/api/v1/work-entries?limit=100', field: 'work_entries' },
});

describeSiteIsolation('work entries in the dashboard', {
  async seed(t, siteId) {
    const worker = await signInAs(t, 'worker', siteId);
    const position = await makePosition(t, { siteId });
    return (await insertEntry(t, { siteId, userId: worker.id, positionId: position.id })).id;
  },
  requests: () => [],
  list: { url: '/api/v1/dashboard/summary', field: 'recent' },
});
