ALTER TABLE "sites" ADD COLUMN "users_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Any change to a site's users bumps sites.users_version (the users list cache checks it).
CREATE FUNCTION "bump_site_users_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "sites" SET "users_version" = "users_version" + 1 WHERE "id" = OLD."site_id";
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."site_id" IS DISTINCT FROM OLD."site_id") THEN
    UPDATE "sites" SET "users_version" = "users_version" + 1 WHERE "id" = NEW."site_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_bump_site_users_version" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "bump_site_users_version"();
