CREATE TABLE "custom_role_holders" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"role_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_role_holders" ADD CONSTRAINT "custom_role_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_role_holders" ADD CONSTRAINT "custom_role_holders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_role_holders" ADD CONSTRAINT "custom_role_holders_role_id_custom_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."custom_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_role_holders_role_idx" ON "custom_role_holders" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "custom_role_holders_site_idx" ON "custom_role_holders" USING btree ("site_id");