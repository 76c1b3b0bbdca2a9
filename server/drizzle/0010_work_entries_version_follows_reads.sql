-- A site's entry version (work_entry_site_totals.version, migration 0009) also moves with what a
-- list answer shows or matches beyond the entries' own columns, so a first page remembered with
-- the version is never served after one of them changed: photos added or removed (an entry's
-- photo ids); a task's name or code and a position's code (the search matches them through their
-- tables); a worker's first or last name (a page shows them split in two, as stored); and the
-- site's settings (the time zone that turns a day filter into instants). Workers' and positions'
-- names already move it through the entries' own copies (migration 0004).
CREATE FUNCTION "work_entries_bump_site_version_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "work_entry_site_totals" SET "version" = "version" + 1
    WHERE "site_id" IN (SELECT DISTINCT "site_id" FROM "changed_rows");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "work_entry_photos_insert_version" AFTER INSERT ON "work_entry_photos"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_entries_bump_site_version_rows"();
--> statement-breakpoint
CREATE TRIGGER "work_entry_photos_delete_version" AFTER DELETE ON "work_entry_photos"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_entries_bump_site_version_rows"();
--> statement-breakpoint
CREATE FUNCTION "work_entries_bump_site_version_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "work_entry_site_totals" SET "version" = "version" + 1 WHERE "site_id" = NEW."site_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_rename_work_entries_version" AFTER UPDATE OF "task_name", "task_code" ON "tasks"
  FOR EACH ROW WHEN (OLD."task_name" IS DISTINCT FROM NEW."task_name" OR OLD."task_code" IS DISTINCT FROM NEW."task_code")
  EXECUTE FUNCTION "work_entries_bump_site_version_row"();
--> statement-breakpoint
CREATE TRIGGER "positions_recode_work_entries_version" AFTER UPDATE OF "position_code" ON "positions"
  FOR EACH ROW WHEN (OLD."position_code" IS DISTINCT FROM NEW."position_code")
  EXECUTE FUNCTION "work_entries_bump_site_version_row"();
--> statement-breakpoint
CREATE TRIGGER "site_settings_work_entries_version" AFTER INSERT OR UPDATE OF "settings" ON "site_settings"
  FOR EACH ROW EXECUTE FUNCTION "work_entries_bump_site_version_row"();
--> statement-breakpoint
CREATE TRIGGER "users_rename_work_entries_version" AFTER UPDATE OF "first_name", "last_name" ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name")
  EXECUTE FUNCTION "work_entries_bump_site_version_row"();
