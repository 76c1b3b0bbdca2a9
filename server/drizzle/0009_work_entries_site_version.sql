ALTER TABLE "work_entry_site_totals" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that touches entries of a site bumps the site's version (a status change too,
-- whose counts cancel out), so the dashboard and the list's counts can be remembered per version.
CREATE OR REPLACE FUNCTION "work_entries_count_inserts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "entries")
    SELECT "site_id", "hour", "status", sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", count(*) AS "n" FROM "new_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "entries")
    SELECT "site_id", count(*) FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("site_id") DO UPDATE SET "entries" = s."entries" + excluded."entries", "version" = s."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_entries_count_deletes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "entries")
    SELECT "site_id", "hour", "status", sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", -count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "entries")
    SELECT "site_id", -count(*) FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("site_id") DO UPDATE SET "entries" = s."entries" + excluded."entries", "version" = s."version" + 1;
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
    ON CONFLICT ("site_id") DO UPDATE SET "entries" = s."entries" + excluded."entries", "version" = s."version" + 1;
  RETURN NULL;
END;
$$;
