ALTER TABLE "projects" ADD COLUMN "include_paths" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "exclude_paths" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "unbuilt_links" text DEFAULT 'keep' NOT NULL;