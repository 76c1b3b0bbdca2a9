CREATE TABLE "notification_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"user_id" integer,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"outbox_event_id" bigint,
	"digest_day" date,
	"language" text NOT NULL,
	"payload" jsonb NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_emails_kind_check" CHECK ("notification_emails"."kind" in ('work_entry.failed', 'visit.missed', 'visit.late', 'digest')),
	CONSTRAINT "notification_emails_status_check" CHECK ("notification_emails"."status" in ('pending', 'sending', 'sent', 'failed', 'cancelled')),
	CONSTRAINT "notification_emails_language_check" CHECK ("notification_emails"."language" in ('en', 'fi', 'sv'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"failed_entries" boolean NOT NULL,
	"missed_visits" boolean NOT NULL,
	"late_visits" boolean NOT NULL,
	"daily_digest" boolean NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_emails" ADD CONSTRAINT "notification_emails_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_emails" ADD CONSTRAINT "notification_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_emails_due_idx" ON "notification_emails" USING btree ("send_after") WHERE "notification_emails"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_emails_sending_idx" ON "notification_emails" USING btree ("claimed_at") WHERE "notification_emails"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "notification_emails_created_idx" ON "notification_emails" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_emails_event_unique" ON "notification_emails" USING btree ("outbox_event_id","recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_emails_digest_unique" ON "notification_emails" USING btree ("site_id","digest_day","recipient");