DROP INDEX "work_entries_open_completed_idx";--> statement-breakpoint
DROP INDEX "work_entries_open_duration_idx";--> statement-breakpoint
DROP INDEX "work_entries_open_worker_idx";--> statement-breakpoint
DROP INDEX "work_entries_open_position_name_idx";--> statement-breakpoint
DROP INDEX "work_entries_open_task_name_idx";--> statement-breakpoint
CREATE INDEX "work_entries_status_completed_idx" ON "work_entries" USING btree ("site_id","status",coalesce("completed_at", 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "work_entries_status_duration_idx" ON "work_entries" USING btree ("site_id","status",coalesce("duration_minutes", -1),"id");--> statement-breakpoint
CREATE INDEX "work_entries_status_worker_idx" ON "work_entries" USING btree ("site_id","status","worker_name","id");--> statement-breakpoint
CREATE INDEX "work_entries_status_position_name_idx" ON "work_entries" USING btree ("site_id","status","position_name","id");--> statement-breakpoint
CREATE INDEX "work_entries_status_task_name_idx" ON "work_entries" USING btree ("site_id","status",coalesce("task_name", ''),"id");