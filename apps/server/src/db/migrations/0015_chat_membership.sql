-- Chat membership (issue 17, item 6): a membership that ends (the tie behind it ended, the group's
-- creator removed them, they left) keeps its row with when, why and the room's last seq then, so
-- the history up to the leave stays readable to them and nothing after it; a muted room counts
-- nothing unread for the one who muted it.
ALTER TABLE "chat_participants" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD COLUMN "left_seq" integer;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD COLUMN "left_reason" text;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD COLUMN "muted_at" timestamp with time zone;