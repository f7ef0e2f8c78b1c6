CREATE TABLE "deck_analyses" (
	"version_id" text PRIMARY KEY NOT NULL,
	"pitch_deck_id" text NOT NULL,
	"analyzer_version" integer NOT NULL,
	"score" integer NOT NULL,
	"report" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" ADD COLUMN "min_font_size" real;--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" ADD COLUMN "body_font_size" real;--> statement-breakpoint
ALTER TABLE "deck_analyses" ADD CONSTRAINT "deck_analyses_version_id_pitch_deck_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."pitch_deck_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_analyses" ADD CONSTRAINT "deck_analyses_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_analyses_pitch_deck_idx" ON "deck_analyses" USING btree ("pitch_deck_id");