CREATE TABLE "job_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"runner" text NOT NULL,
	"instance" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"sites" jsonb,
	"error" text,
	CONSTRAINT "job_history_attempt_check" CHECK ("job_history"."attempt" >= 1)
);
--> statement-breakpoint
CREATE INDEX "job_history_job_started_idx" ON "job_history" USING btree ("job","started_at");