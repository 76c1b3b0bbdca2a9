-- A site's counters (migrations 0004, 0009–0011) split over up to eight rows per site: every write
-- of entries upserts the site's counter rows in its own transaction and holds their lock until it
-- commits, so with one row a site's check-ins committed one at a time (bench/check-in.ts: inserts
-- waiting on another transaction in most samples). Each transaction now writes the row its
-- connection picks (work_entry_counter_shard()); readers add a site's rows up. A new row starts at
-- version 1, so the sum of versions moves with every write as the one version did.
ALTER TABLE "work_entry_hourly_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_entry_site_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_entry_hourly_counts" DROP CONSTRAINT "work_entry_hourly_counts_site_id_hour_status_pk";--> statement-breakpoint
ALTER TABLE "work_entry_site_totals" DROP CONSTRAINT "work_entry_site_totals_pkey";--> statement-breakpoint
ALTER TABLE "work_entry_hourly_counts" ADD CONSTRAINT "work_entry_hourly_counts_site_id_hour_status_shard_pk" PRIMARY KEY("site_id","hour","status","shard");--> statement-breakpoint
ALTER TABLE "work_entry_site_totals" ADD CONSTRAINT "work_entry_site_totals_site_id_shard_pk" PRIMARY KEY("site_id","shard");--> statement-breakpoint
CREATE FUNCTION "work_entry_counter_shard"() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 8)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_entries_count_inserts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "shard", "entries")
    SELECT "site_id", "hour", "status", "work_entry_counter_shard"(), sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", count(*) AS "n" FROM "new_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status", "shard") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "shard", "entries", "version")
    SELECT "site_id", "work_entry_counter_shard"(), count(*), 1 FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "entries" = s."entries" + excluded."entries", "version" = s."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_entries_count_deletes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "shard", "entries")
    SELECT "site_id", "hour", "status", "work_entry_counter_shard"(), sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", -count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status", "shard") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "shard", "entries", "version", "reshaped")
    SELECT "site_id", "work_entry_counter_shard"(), -count(*), 1, 1 FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "entries" = s."entries" + excluded."entries", "version" = s."version" + 1, "reshaped" = s."reshaped" + 1;
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
    SELECT "site_id", "work_entry_counter_shard"(), sum("n"), 1, 1 FROM (SELECT "site_id", count(*) AS "n" FROM "new_rows" GROUP BY 1 UNION ALL SELECT "site_id", -count(*) AS "n" FROM "old_rows" GROUP BY 1) AS d
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "entries" = s."entries" + excluded."entries", "version" = s."version" + 1, "reshaped" = s."reshaped" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_entries_bump_site_version_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "shard", "entries", "version")
    SELECT DISTINCT "site_id", "work_entry_counter_shard"(), 0, 1 FROM "changed_rows" ORDER BY 1
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "version" = s."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "work_entries_bump_site_version_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "shard", "entries", "version", "reshaped")
    VALUES (NEW."site_id", "work_entry_counter_shard"(), 0, 1, 1)
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "version" = s."version" + 1, "reshaped" = s."reshaped" + 1;
  RETURN NULL;
END;
$$;
