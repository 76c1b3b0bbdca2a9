-- An event's place in its site's chain moves from columns of the event, set by an UPDATE after it
-- commits, to a row of audit_seals inserted then: events are never updated (an UPDATE wrote every
-- index entry of the event again), and both tables are append-only. The events already sealed
-- keep their places and hashes, moved over unchanged; the head's floor starts below the first
-- event not sealed yet (every event of the site is sealed up to it).
CREATE TABLE "audit_seals" (
	"site_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_seals_site_id_seq_pk" PRIMARY KEY("site_id","seq")
);
--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD COLUMN "floor_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD COLUMN "mark_id" bigint;--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD COLUMN "mark_xid" bigint;--> statement-breakpoint
INSERT INTO "audit_seals" ("site_id", "seq", "event_id", "prev_hash", "hash")
  SELECT "site_id", "seq", "id", "prev_hash", "hash" FROM "audit_events" WHERE "seq" IS NOT NULL;--> statement-breakpoint
UPDATE "audit_chain_heads" h SET "floor_id" = coalesce(
  (SELECT min(e."id") - 1 FROM "audit_events" e WHERE e."site_id" = h."site_id" AND e."hash" IS NULL),
  (SELECT max(e."id") FROM "audit_events" e WHERE e."site_id" = h."site_id"),
  0);--> statement-breakpoint
CREATE UNIQUE INDEX "audit_seals_event_idx" ON "audit_seals" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_sealed_check";--> statement-breakpoint
DROP INDEX "audit_events_chain_idx";--> statement-breakpoint
DROP INDEX "audit_events_unsealed_idx";--> statement-breakpoint
ALTER TABLE "audit_events" DROP COLUMN "seq";--> statement-breakpoint
ALTER TABLE "audit_events" DROP COLUMN "prev_hash";--> statement-breakpoint
ALTER TABLE "audit_events" DROP COLUMN "hash";--> statement-breakpoint
-- Append-only again with no exception: an UPDATE, DELETE or TRUNCATE of an event or a seal is
-- refused for everyone the app connects as (a superuser who disables the trigger is caught by the
-- hash chain).
CREATE OR REPLACE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_seals_append_only" BEFORE UPDATE OR DELETE ON "audit_seals"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_seals_no_truncate" BEFORE TRUNCATE ON "audit_seals"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();
