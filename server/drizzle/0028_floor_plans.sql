CREATE TABLE "floor_plan_placements" (
	"site_id" text NOT NULL,
	"plan_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floor_plan_placements_plan_id_position_id_pk" PRIMARY KEY("plan_id","position_id"),
	CONSTRAINT "floor_plan_placements_x_check" CHECK ("floor_plan_placements"."x" between 0 and 1),
	CONSTRAINT "floor_plan_placements_y_check" CHECK ("floor_plan_placements"."y" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "floor_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "floor_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"plan_name" text NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"image_key" text,
	"image_type" text,
	"image_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "floor_plan_placements" ADD CONSTRAINT "floor_plan_placements_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plan_placements" ADD CONSTRAINT "floor_plan_placements_plan_id_floor_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."floor_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plan_placements" ADD CONSTRAINT "floor_plan_placements_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_plans" ADD CONSTRAINT "floor_plans_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "floor_plan_placements_position_idx" ON "floor_plan_placements" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "floor_plans_site_idx" ON "floor_plans" USING btree ("site_id","building","floor");