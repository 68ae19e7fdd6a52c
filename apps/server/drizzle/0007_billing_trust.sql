ALTER TABLE "credit_ledger" ADD COLUMN "project_name" text;--> statement-breakpoint
ALTER TABLE "referral_redemptions" ADD COLUMN "redeemer_mailbox" text;--> statement-breakpoint
ALTER TABLE "referral_redemptions" ADD COLUMN "qualified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_redemptions" ADD COLUMN "referrer_credited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_redemptions_mailbox_idx" ON "referral_redemptions" USING btree ("redeemer_mailbox");--> statement-breakpoint
UPDATE "referral_redemptions" SET "referrer_credited" = true, "qualified_at" = "created_at";
