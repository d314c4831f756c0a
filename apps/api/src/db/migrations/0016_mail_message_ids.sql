-- Decision 0104: every mail has a random Message-ID of its own (kept across its tries), and its sender's display name
-- in its language. Mails already in the outbox get a random id here too.
ALTER TABLE "mail_outbox" ADD COLUMN "message_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;