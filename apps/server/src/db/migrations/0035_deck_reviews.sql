CREATE TABLE "deck_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"pitch_deck_id" text NOT NULL,
	"version_id" text NOT NULL,
	"version_number" integer NOT NULL,
	"mentor_id" text NOT NULL,
	"sections" jsonb NOT NULL,
	"verdict" text NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deck_reviews" ADD CONSTRAINT "deck_reviews_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_reviews" ADD CONSTRAINT "deck_reviews_version_id_pitch_deck_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."pitch_deck_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_reviews" ADD CONSTRAINT "deck_reviews_mentor_id_accounts_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deck_reviews_version_mentor_idx" ON "deck_reviews" USING btree ("version_id","mentor_id");--> statement-breakpoint
CREATE INDEX "deck_reviews_deck_idx" ON "deck_reviews" USING btree ("pitch_deck_id");