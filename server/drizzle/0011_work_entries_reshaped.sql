ALTER TABLE "work_entry_site_totals" ADD COLUMN "reshaped" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A site's "reshaped" counter moves with every change to what a filter matches but a plain insert
-- of entries: updates and deletes of entries, and the task names and codes, position codes and
-- settings (the time zone) a filter matches through (a worker's or a position's new name reaches
-- the entries as an update). Inserts move only the version (0009), as photos do (0010), so while
-- "reshaped" holds, a remembered count of matches can only have grown: one past the cap still is.
CREATE OR REPLACE FUNCTION "work_entries_count_deletes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "entries")
    SELECT "site_id", "hour", "status", sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", -count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "entries")
    SELECT "site_id", -count(*) FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("site_id") DO UPDATE SET "entries" = s."entries" + excluded."entries", "version" = s."version" + 1, "reshaped" = s."reshaped" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_entries_count_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "entries")
    SELECT "site_id", "hour", "status", sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", count(*) AS "n" FROM "new_rows" GROUP BY 1, 2, 3 UNION ALL SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", -count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "entries")
    SELECT "site_id", sum("n") FROM (SELECT "site_id", count(*) AS "n" FROM "new_rows" GROUP BY 1 UNION ALL SELECT "site_id", -count(*) AS "n" FROM "old_rows" GROUP BY 1) AS d
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("site_id") DO UPDATE SET "entries" = s."entries" + excluded."entries", "version" = s."version" + 1, "reshaped" = s."reshaped" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_entries_bump_site_version_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "work_entry_site_totals" SET "version" = "version" + 1, "reshaped" = "reshaped" + 1 WHERE "site_id" = NEW."site_id";
  RETURN NULL;
END;
$$;
