-- A site's "reshaped" counter (0011, split in 0030) now grows by how many entries a change may have
-- taken out of a filter's matches, not by one per statement: an update or a delete of n entries adds
-- n (each row can leave a filter at most once), and a change elsewhere that a filter matches through
-- (a task's name or code, a position's code, the site's time zone: one row here, any number of
-- entries) adds 1,000,000,000, more than any count's margin. A count of m matches past the cap read
-- at r therefore still has at least m - (reshaped - r) of them: while that is past the cap, the
-- count still shows "more than the cap" (repositories/work-entries-list.ts), so a status change no
-- longer makes every broad view count again. Inserts still move only the version.
CREATE OR REPLACE FUNCTION "work_entries_count_deletes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "shard", "entries")
    SELECT "site_id", "hour", "status", "work_entry_counter_shard"(), sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", -count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status", "shard") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "shard", "entries", "version", "reshaped")
    SELECT "site_id", "work_entry_counter_shard"(), -count(*), 1, count(*) FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "entries" = s."entries" + excluded."entries", "version" = s."version" + 1, "reshaped" = s."reshaped" + excluded."reshaped";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_entries_count_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "shard", "entries")
    SELECT "site_id", "hour", "status", "work_entry_counter_shard"(), sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", count(*) AS "n" FROM "new_rows" GROUP BY 1, 2, 3 UNION ALL SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", -count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status", "shard") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "shard", "entries", "version", "reshaped")
    SELECT "site_id", "work_entry_counter_shard"(), sum("n"), 1, sum("changed") FROM (SELECT "site_id", count(*) AS "n", 0 AS "changed" FROM "new_rows" GROUP BY 1 UNION ALL SELECT "site_id", -count(*) AS "n", count(*) AS "changed" FROM "old_rows" GROUP BY 1) AS d
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "entries" = s."entries" + excluded."entries", "version" = s."version" + 1, "reshaped" = s."reshaped" + excluded."reshaped";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_entries_bump_site_version_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "shard", "entries", "version", "reshaped")
    VALUES (NEW."site_id", "work_entry_counter_shard"(), 0, 1, 1000000000)
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "version" = s."version" + 1, "reshaped" = s."reshaped" + 1000000000;
  RETURN NULL;
END;
$$;
