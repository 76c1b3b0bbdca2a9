CREATE TABLE "idempotency_keys" (
	"site_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" smallint,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_site_id_user_id_key_pk" PRIMARY KEY("site_id","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "work_entries_open_position_idx" ON "work_entries" USING btree ("site_id","position_id") WHERE "work_entries"."status" in ('in_progress', 'paused');--> statement-breakpoint
CREATE INDEX "work_entries_open_user_idx" ON "work_entries" USING btree ("site_id","user_id") WHERE "work_entries"."status" in ('in_progress', 'paused');--> statement-breakpoint
CREATE INDEX "work_entries_completed_task_idx" ON "work_entries" USING btree ("site_id","position_id","task_id","completed_at") WHERE "work_entries"."status" = 'completed';