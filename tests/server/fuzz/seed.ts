/**
 * A few records of each kind the fuzzed ids can name (ids start at 1 on a fresh database, and the
 * fuzzer favours small ones): positions with tasks assigned, and work entries of the admin's (ids 1–42, where the fuzzer's ids mostly fall), so
 * requests about one reach its service, its parser and the database instead of stopping at 404.
 */
import type { TestApp } from '../helpers.ts';
import { insertEntry, makePosition, makeTask } from '../work-entries-support.ts';

export async function seedFuzzData(t: TestApp, adminId: number): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const position = await makePosition(t);
    await makeTask(t, position.id);
    for (let j = 0; j < 14; j++) await insertEntry(t, { userId: adminId, positionId: position.id });
  }
}
