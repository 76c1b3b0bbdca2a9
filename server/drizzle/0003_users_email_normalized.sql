DROP INDEX "users_site_email_unique";--> statement-breakpoint
-- Added nullable, filled for existing rows, then made NOT NULL (hand-edited: drizzle-kit adds it
-- NOT NULL at once, which fails on a table with rows). The server re-normalises rows with
-- non-ASCII addresses at start with src/domain/email.ts, where JavaScript and lower() may differ.
ALTER TABLE "users" ADD COLUMN "email_normalized" text;--> statement-breakpoint
UPDATE "users" SET "email_normalized" = lower(normalize(btrim("email"), NFKC));--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_normalized" SET NOT NULL;--> statement-breakpoint
-- A row written without email_normalized (seed SQL, tests), or whose email changes without it,
-- gets the SQL equivalent of normalizeEmail(); the app always writes the value itself.
CREATE FUNCTION "users_fill_email_normalized"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."email_normalized" IS NULL OR (TG_OP = 'UPDATE' AND NEW."email" IS DISTINCT FROM OLD."email"
      AND NEW."email_normalized" IS NOT DISTINCT FROM OLD."email_normalized") THEN
    NEW."email_normalized" := lower(normalize(btrim(NEW."email"), NFKC));
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_fill_email_normalized" BEFORE INSERT OR UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_fill_email_normalized"();
--> statement-breakpoint
CREATE UNIQUE INDEX "users_site_email_unique" ON "users" USING btree ("site_id","email_normalized");
