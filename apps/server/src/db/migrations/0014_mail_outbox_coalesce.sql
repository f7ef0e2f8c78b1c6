-- Coalesced mail (issue 17, item 8): a mail sent at most once a window carries a unique key, so
-- repeats inside the window (an interest withdrawn and shown again, a registration retried) are
-- counted on the first row instead of being queued, by every process alike.
ALTER TABLE "mail_outbox" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "coalesced_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_coalesce_key_idx" ON "mail_outbox" USING btree ("coalesce_key");