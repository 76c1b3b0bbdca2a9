CREATE TABLE "work_entry_hourly_counts" (
	"site_id" text NOT NULL,
	"hour" timestamp NOT NULL,
	"status" text NOT NULL,
	"entries" bigint NOT NULL,
	CONSTRAINT "work_entry_hourly_counts_site_id_hour_status_pk" PRIMARY KEY("site_id","hour","status")
);
--> statement-breakpoint
CREATE TABLE "work_entry_site_totals" (
	"site_id" text PRIMARY KEY NOT NULL,
	"entries" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "work_entries_site_created_idx";--> statement-breakpoint
DROP INDEX "work_entries_user_idx";--> statement-breakpoint
DROP INDEX "work_entries_position_idx";--> statement-breakpoint
ALTER TABLE "work_entries" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_entries" ADD COLUMN "paused_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_entries" ADD COLUMN "distance_meters" integer;--> statement-breakpoint
ALTER TABLE "work_entries" ADD COLUMN "worker_name" text;--> statement-breakpoint
ALTER TABLE "work_entries" ADD COLUMN "position_name" text;--> statement-breakpoint
-- Existing entries get the names of their worker and position before the columns become required.
UPDATE "work_entries" AS w SET "worker_name" = u."first_name" || ' ' || u."last_name", "position_name" = p."position_name"
  FROM "users" AS u, "positions" AS p WHERE u."id" = w."user_id" AND p."id" = w."position_id";--> statement-breakpoint
ALTER TABLE "work_entries" ALTER COLUMN "worker_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "work_entries" ALTER COLUMN "position_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "work_entry_hourly_counts" ADD CONSTRAINT "work_entry_hourly_counts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_entry_site_totals" ADD CONSTRAINT "work_entry_site_totals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_entries_site_completed_idx" ON "work_entries" USING btree ("site_id",coalesce("completed_at", 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "work_entries_site_status_idx" ON "work_entries" USING btree ("site_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "work_entries_site_worker_idx" ON "work_entries" USING btree ("site_id","worker_name","id");--> statement-breakpoint
CREATE INDEX "work_entries_site_position_name_idx" ON "work_entries" USING btree ("site_id","position_name","id");--> statement-breakpoint
CREATE INDEX "work_entries_site_task_name_idx" ON "work_entries" USING btree ("site_id",coalesce("task_name", ''),"id");--> statement-breakpoint
CREATE INDEX "work_entries_site_duration_idx" ON "work_entries" USING btree ("site_id",coalesce("duration_minutes", -1),"id");--> statement-breakpoint
CREATE INDEX "work_entries_task_idx" ON "work_entries" USING btree ("task_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_entries_notes_search_idx" ON "work_entries" USING gin (to_tsvector('simple', "notes")) WHERE "work_entries"."notes" is not null;--> statement-breakpoint
CREATE INDEX "work_entries_site_created_idx" ON "work_entries" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_entries_user_idx" ON "work_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_entries_position_idx" ON "work_entries" USING btree ("position_id","created_at","id");--> statement-breakpoint
ALTER TABLE "work_entries" ADD CONSTRAINT "work_entries_paused_seconds_check" CHECK ("work_entries"."paused_seconds" >= 0);--> statement-breakpoint
-- A new entry copies its worker's and position's names (the sorts order by them); callers never
-- write them. The WHEN clause skips the call when a bulk insert (the seed) supplies both.
CREATE FUNCTION "work_entries_fill_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."worker_name" IS NULL THEN
    SELECT u."first_name" || ' ' || u."last_name" INTO NEW."worker_name" FROM "users" AS u WHERE u."id" = NEW."user_id";
  END IF;
  IF NEW."position_name" IS NULL THEN
    SELECT p."position_name" INTO NEW."position_name" FROM "positions" AS p WHERE p."id" = NEW."position_id";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "work_entries_fill_names" BEFORE INSERT ON "work_entries"
  FOR EACH ROW WHEN (NEW."worker_name" IS NULL OR NEW."position_name" IS NULL)
  EXECUTE FUNCTION "work_entries_fill_names"();
--> statement-breakpoint
-- A renamed worker or position renames it on their entries too.
CREATE FUNCTION "work_entries_follow_user_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "work_entries" SET "worker_name" = NEW."first_name" || ' ' || NEW."last_name"
    WHERE "user_id" = NEW."id" AND "worker_name" IS DISTINCT FROM NEW."first_name" || ' ' || NEW."last_name";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_rename_work_entries" AFTER UPDATE OF "first_name", "last_name" ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name")
  EXECUTE FUNCTION "work_entries_follow_user_name"();
--> statement-breakpoint
CREATE FUNCTION "work_entries_follow_position_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "work_entries" SET "position_name" = NEW."position_name"
    WHERE "position_id" = NEW."id" AND "position_name" IS DISTINCT FROM NEW."position_name";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "positions_rename_work_entries" AFTER UPDATE OF "position_name" ON "positions"
  FOR EACH ROW WHEN (OLD."position_name" IS DISTINCT FROM NEW."position_name")
  EXECUTE FUNCTION "work_entries_follow_position_name"();
--> statement-breakpoint
-- Counts per site, UTC hour and status, and per site, follow every insert, update and delete of
-- entries, once per statement (a million-row seed insert is one aggregate). Keys are taken in one
-- order, so two statements never wait on each other crosswise.
CREATE FUNCTION "work_entries_count_inserts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "entries")
    SELECT "site_id", "hour", "status", sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", count(*) AS "n" FROM "new_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "entries")
    SELECT "site_id", sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", count(*) AS "n" FROM "new_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
    ON CONFLICT ("site_id") DO UPDATE SET "entries" = s."entries" + excluded."entries";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "work_entries_count_deletes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "entries")
    SELECT "site_id", "hour", "status", sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", -count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "entries")
    SELECT "site_id", sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", -count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
    ON CONFLICT ("site_id") DO UPDATE SET "entries" = s."entries" + excluded."entries";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "work_entries_count_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "work_entry_hourly_counts" AS c ("site_id", "hour", "status", "entries")
    SELECT "site_id", "hour", "status", sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", count(*) AS "n" FROM "new_rows" GROUP BY 1, 2, 3 UNION ALL SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", -count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("site_id", "hour", "status") DO UPDATE SET "entries" = c."entries" + excluded."entries";
  INSERT INTO "work_entry_site_totals" AS s ("site_id", "entries")
    SELECT "site_id", sum("n") FROM (SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", count(*) AS "n" FROM "new_rows" GROUP BY 1, 2, 3 UNION ALL SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "status", -count(*) AS "n" FROM "old_rows" GROUP BY 1, 2, 3) AS d
    GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
    ON CONFLICT ("site_id") DO UPDATE SET "entries" = s."entries" + excluded."entries";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "work_entries_count_inserts" AFTER INSERT ON "work_entries"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_entries_count_inserts"();
--> statement-breakpoint
CREATE TRIGGER "work_entries_count_updates" AFTER UPDATE ON "work_entries"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_entries_count_updates"();
--> statement-breakpoint
CREATE TRIGGER "work_entries_count_deletes" AFTER DELETE ON "work_entries"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_entries_count_deletes"();
--> statement-breakpoint
INSERT INTO "work_entry_hourly_counts" ("site_id", "hour", "status", "entries")
  SELECT "site_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC'), "status", count(*) FROM "work_entries" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "work_entry_site_totals" ("site_id", "entries")
  SELECT "site_id", count(*) FROM "work_entries" GROUP BY 1;
