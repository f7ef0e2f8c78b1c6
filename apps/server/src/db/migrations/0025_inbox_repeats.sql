ALTER TABLE "inbox_notifications" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "inbox_notifications" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_notifications" ADD COLUMN "folded_into" text;--> statement-breakpoint
CREATE INDEX "inbox_notifications_group_idx" ON "inbox_notifications" USING btree ("account_id","group_key") WHERE "inbox_notifications"."read_at" is null and "inbox_notifications"."folded_into" is null;