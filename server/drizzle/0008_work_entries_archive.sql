CREATE TABLE "job_runs" (
	"site_id" text NOT NULL,
	"job" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"claimed_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"moved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_runs_site_id_job_slot_pk" PRIMARY KEY("site_id","job","slot"),
	CONSTRAINT "job_runs_moved_check" CHECK ("job_runs"."moved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_entries_archive" (
	"id" integer PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"task_id" integer,
	"task_instance_id" integer,
	"task_name" text,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"duration_minutes" integer,
	"paused_seconds" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"nfc_tag_id" text,
	"latitude" double precision,
	"longitude" double precision,
	"distance_meters" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"position_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_entries_archive_status_check" CHECK ("work_entries_archive"."status" in ('in_progress', 'completed', 'failed', 'paused', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "work_entry_photos_archive" (
	"id" integer PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"work_entry_id" integer NOT NULL,
	"url" text NOT NULL,
	"content_type" text,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_entries_archive" ADD CONSTRAINT "work_entries_archive_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_entry_photos_archive" ADD CONSTRAINT "work_entry_photos_archive_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_entry_photos_archive" ADD CONSTRAINT "work_entry_photos_archive_work_entry_id_work_entries_archive_id_fk" FOREIGN KEY ("work_entry_id") REFERENCES "public"."work_entries_archive"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_entries_archive_site_created_idx" ON "work_entries_archive" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_entries_archive_site_user_idx" ON "work_entries_archive" USING btree ("site_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_entries_archive_site_position_idx" ON "work_entries_archive" USING btree ("site_id","position_id","created_at","id");--> statement-breakpoint
CREATE INDEX "work_entry_photos_archive_entry_idx" ON "work_entry_photos_archive" USING btree ("work_entry_id");