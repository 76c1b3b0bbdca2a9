-- Audit events are written unsealed (no chain place or hashes) in the change's transaction, and
-- sealed after it commits (repositories/audit-events.ts sealSite): a writer no longer locks its
-- site's chain head. The chain's order is the new `seq`, set by the sealer in the order it finds
-- events committed; the events already written keep their chain, in id order as they were made.
ALTER TABLE "audit_events" ALTER COLUMN "prev_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_append_only";--> statement-breakpoint
UPDATE "audit_events" e SET "seq" = n.seq
  FROM (SELECT "id", row_number() OVER (PARTITION BY "site_id" ORDER BY "id") AS seq FROM "audit_events") n
  WHERE e."id" = n."id";--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE TRIGGER "audit_events_append_only";--> statement-breakpoint
UPDATE "audit_chain_heads" h SET "seq" = (SELECT count(*) FROM "audit_events" e WHERE e."site_id" = h."site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_idx" ON "audit_events" USING btree ("site_id","seq") WHERE "audit_events"."seq" is not null;--> statement-breakpoint
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("site_id","id") WHERE "audit_events"."hash" is null;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_sealed_check" CHECK (("audit_events"."seq" is null) = ("audit_events"."hash" is null) and ("audit_events"."hash" is null) = ("audit_events"."prev_hash" is null));--> statement-breakpoint
-- Still append-only: the one UPDATE let through is the seal, setting seq, prev_hash and hash of
-- an unsealed event once, from null, with every other column as it was. Sealed events, DELETE and
-- TRUNCATE are refused as before.
CREATE OR REPLACE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.seq IS NULL AND OLD.prev_hash IS NULL AND OLD.hash IS NULL
      AND NEW.seq IS NOT NULL AND NEW.prev_hash IS NOT NULL AND NEW.hash IS NOT NULL
      AND (to_jsonb(NEW) - 'seq' - 'prev_hash' - 'hash') = (to_jsonb(OLD) - 'seq' - 'prev_hash' - 'hash') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit events cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
ALTER TABLE "trash_items" DROP CONSTRAINT "trash_items_type_check";--> statement-breakpoint
ALTER TABLE "trash_items" ADD CONSTRAINT "trash_items_type_check" CHECK ("trash_items"."entity_type" in ('user', 'position', 'position_group', 'user_group', 'task_template', 'assignment', 'dependency', 'task', 'task_instance', 'legacy_task_template', 'role'));
