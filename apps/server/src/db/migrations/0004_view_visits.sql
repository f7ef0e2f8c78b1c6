CREATE TABLE "deck_readers" (
	"pitch_deck_id" text NOT NULL,
	"investor_id" text NOT NULL,
	"read_until" timestamp with time zone NOT NULL,
	CONSTRAINT "deck_readers_pitch_deck_id_investor_id_pk" PRIMARY KEY("pitch_deck_id","investor_id")
);
--> statement-breakpoint
ALTER TABLE "deck_views" ADD COLUMN "visit_id" text;--> statement-breakpoint
-- Sessions recorded before visits existed each stay a view of their own.
UPDATE "deck_views" SET "visit_id" = "id";--> statement-breakpoint
ALTER TABLE "deck_views" ALTER COLUMN "visit_id" SET NOT NULL;--> statement-breakpoint
-- Existing readers are accounted for up to their latest session.
INSERT INTO "deck_readers" ("pitch_deck_id", "investor_id", "read_until")
  SELECT "pitch_deck_id", "investor_id", max("last_seen_at") FROM "deck_views" GROUP BY "pitch_deck_id", "investor_id";--> statement-breakpoint
ALTER TABLE "deck_readers" ADD CONSTRAINT "deck_readers_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_readers" ADD CONSTRAINT "deck_readers_investor_id_accounts_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_views_investor_deck_idx" ON "deck_views" USING btree ("investor_id","pitch_deck_id","started_at");