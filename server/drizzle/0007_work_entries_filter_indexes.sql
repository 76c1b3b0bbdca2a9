DROP INDEX "work_entries_user_idx";--> statement-breakpoint
DROP INDEX "work_entries_position_idx";--> statement-breakpoint
DROP INDEX "work_entries_task_idx";--> statement-breakpoint
CREATE INDEX "work_entries_user_idx" ON "work_entries" USING btree ("user_id","created_at","id","site_id");--> statement-breakpoint
CREATE INDEX "work_entries_position_idx" ON "work_entries" USING btree ("position_id","created_at","id","site_id");--> statement-breakpoint
CREATE INDEX "work_entries_task_idx" ON "work_entries" USING btree ("task_id","created_at","id","site_id");