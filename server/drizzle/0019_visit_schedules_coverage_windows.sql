CREATE TABLE "coverage_windows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coverage_windows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"schedule_id" integer,
	"schedule_name" text NOT NULL,
	"position_id" integer NOT NULL,
	"day" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"verdict" text NOT NULL,
	"judged_verdict" text NOT NULL,
	"entry_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"visited_by" integer,
	"rule" jsonb NOT NULL,
	"judged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"excuse_reason" text,
	"excused_by" integer,
	"excused_at" timestamp with time zone,
	CONSTRAINT "coverage_windows_verdict_check" CHECK ("coverage_windows"."verdict" in ('on_time', 'late', 'missed', 'excused'))
);
--> statement-breakpoint
CREATE TABLE "visit_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"schedule_name" text NOT NULL,
	"position_id" integer,
	"position_group_id" integer,
	"days" integer[] NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"frequency_kind" text NOT NULL,
	"frequency_value" integer,
	"due_time" text,
	"tolerance_minutes" integer DEFAULT 0 NOT NULL,
	"task_ids" integer[],
	"is_active" boolean DEFAULT true NOT NULL,
	"rule_from" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_schedules_kind_check" CHECK ("visit_schedules"."frequency_kind" in ('every', 'times', 'by')),
	CONSTRAINT "visit_schedules_target_check" CHECK (("visit_schedules"."position_id" is null) <> ("visit_schedules"."position_group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "coverage_windows" ADD CONSTRAINT "coverage_windows_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_windows" ADD CONSTRAINT "coverage_windows_schedule_id_visit_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."visit_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_windows" ADD CONSTRAINT "coverage_windows_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_windows" ADD CONSTRAINT "coverage_windows_visited_by_users_id_fk" FOREIGN KEY ("visited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_windows" ADD CONSTRAINT "coverage_windows_excused_by_users_id_fk" FOREIGN KEY ("excused_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_schedules" ADD CONSTRAINT "visit_schedules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_schedules" ADD CONSTRAINT "visit_schedules_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_schedules" ADD CONSTRAINT "visit_schedules_position_group_id_position_groups_id_fk" FOREIGN KEY ("position_group_id") REFERENCES "public"."position_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_windows_schedule_position_start_unique" ON "coverage_windows" USING btree ("schedule_id","position_id","window_start");--> statement-breakpoint
CREATE INDEX "coverage_windows_site_day_idx" ON "coverage_windows" USING btree ("site_id","day","position_id","verdict","visited_by");--> statement-breakpoint
CREATE INDEX "coverage_windows_site_position_idx" ON "coverage_windows" USING btree ("site_id","position_id","window_start");--> statement-breakpoint
CREATE INDEX "visit_schedules_site_idx" ON "visit_schedules" USING btree ("site_id","is_active");--> statement-breakpoint
CREATE INDEX "visit_schedules_position_idx" ON "visit_schedules" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "visit_schedules_group_idx" ON "visit_schedules" USING btree ("position_group_id");