ALTER TABLE "batches" ADD COLUMN "mail_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "mail_retry_at" timestamp with time zone;