CREATE TABLE "trash_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trash_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"label" text NOT NULL,
	"rows" jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_by_id" integer,
	"deleted_by_name" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purge_after" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL,
	CONSTRAINT "trash_items_type_check" CHECK ("trash_items"."entity_type" in ('user', 'position', 'position_group', 'user_group', 'task_template', 'assignment', 'dependency'))
);
--> statement-breakpoint
ALTER TABLE "trash_items" ADD CONSTRAINT "trash_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trash_items_site_idx" ON "trash_items" USING btree ("site_id","deleted_at","id");--> statement-breakpoint
CREATE INDEX "trash_items_site_type_idx" ON "trash_items" USING btree ("site_id","entity_type","deleted_at","id");--> statement-breakpoint
CREATE INDEX "trash_items_purge_idx" ON "trash_items" USING btree ("site_id","purge_after");