ALTER TABLE "order_status_history" ADD COLUMN "provider" text;--> statement-breakpoint
-- data
-- Decision 0221: a provider's name was kept in `reason` (decision 0193), where no provider move had a reason of its own.
UPDATE "order_status_history" SET "provider" = "reason", "reason" = NULL
  WHERE "actor" = 'provider' AND "provider" IS NULL AND "reason" IS NOT NULL;
