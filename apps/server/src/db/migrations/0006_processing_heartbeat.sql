ALTER TABLE "pitch_decks" ADD COLUMN "processing_claimed_by" text;--> statement-breakpoint
ALTER TABLE "pitch_decks" ADD COLUMN "processing_heartbeat_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pitch_decks_processing_idx" ON "pitch_decks" USING btree ("created_at") WHERE "pitch_decks"."status" = 'processing';