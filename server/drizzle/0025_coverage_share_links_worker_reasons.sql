CREATE TABLE "coverage_share_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coverage_share_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"label" text NOT NULL,
	"position_group_id" integer,
	"from_day" text NOT NULL,
	"to_day" text NOT NULL,
	"include_worker_names" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverage_share_links_period_check" CHECK ("coverage_share_links"."from_day" <= "coverage_share_links"."to_day")
);
--> statement-breakpoint
CREATE TABLE "coverage_share_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coverage_share_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"link_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "coverage_windows" ADD COLUMN "worker_reason" text;--> statement-breakpoint
ALTER TABLE "coverage_windows" ADD COLUMN "worker_reason_by" integer;--> statement-breakpoint
ALTER TABLE "coverage_windows" ADD COLUMN "worker_reason_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coverage_share_links" ADD CONSTRAINT "coverage_share_links_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_share_links" ADD CONSTRAINT "coverage_share_links_position_group_id_position_groups_id_fk" FOREIGN KEY ("position_group_id") REFERENCES "public"."position_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_share_links" ADD CONSTRAINT "coverage_share_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_share_links" ADD CONSTRAINT "coverage_share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_share_views" ADD CONSTRAINT "coverage_share_views_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_share_views" ADD CONSTRAINT "coverage_share_views_link_id_coverage_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."coverage_share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_share_links_hash_unique" ON "coverage_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "coverage_share_links_site_idx" ON "coverage_share_links" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "coverage_share_views_link_idx" ON "coverage_share_views" USING btree ("link_id","viewed_at");--> statement-breakpoint
ALTER TABLE "coverage_windows" ADD CONSTRAINT "coverage_windows_worker_reason_by_users_id_fk" FOREIGN KEY ("worker_reason_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;