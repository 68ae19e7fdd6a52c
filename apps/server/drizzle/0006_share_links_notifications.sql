CREATE TABLE "preview_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "outcome_notified_at" timestamp with time zone;--> statement-breakpoint
-- Jobs that ended before project e-mails existed get none.
UPDATE "jobs" SET "outcome_notified_at" = COALESCE("finished_at", now()) WHERE "status" IN ('COMPLETED', 'FAILED');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_job_outcome" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "preview_share_links" ADD CONSTRAINT "preview_share_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_share_links" ADD CONSTRAINT "preview_share_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preview_share_links_token_hash_idx" ON "preview_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "preview_share_links_project_idx" ON "preview_share_links" USING btree ("project_id","created_at");