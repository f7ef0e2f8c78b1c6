DROP INDEX "pitch_decks_search_idx";--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "pitch_decks" ADD COLUMN "rank_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "pitch_decks_search_idx" ON "pitch_decks" USING gin ("search_vector") WITH (fastupdate=false);