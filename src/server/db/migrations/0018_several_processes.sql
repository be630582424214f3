CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_slot_at" timestamp with time zone NOT NULL,
	"last_run_by" text NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"runs" bigint DEFAULT 1 NOT NULL
);
