-- Deck versions (issue 8). A deck keeps its id, details, interests and search vectors; each
-- uploaded file becomes a version with its own processing state, page text and reading data.
-- Every existing deck becomes its version 1, with its file, pages and views.
CREATE TABLE "pitch_deck_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"pitch_deck_id" text NOT NULL,
	"number" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_size" bigint NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"page_count" integer,
	"min_font_size" real,
	"max_font_size" real,
	"processing_claimed_by" text,
	"processing_claimed_at" timestamp with time zone,
	"processing_heartbeat_at" timestamp with time zone,
	"processing_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
-- Version ids of migrated decks are derived from the deck id ('dck-x' → 'ver-x'), so they are unique.
INSERT INTO "pitch_deck_versions" ("id", "pitch_deck_id", "number", "file_key", "file_size", "status",
		"failure_reason", "page_count", "min_font_size", "max_font_size", "processing_claimed_by",
		"processing_claimed_at", "processing_heartbeat_at", "processing_ms", "created_at", "ready_at")
	SELECT 'ver-' || substr("id", 5), "id", 1, "file_key", "file_size", "status", "failure_reason", "page_count",
		"min_font_size", "max_font_size", "processing_claimed_by", "processing_claimed_at",
		"processing_heartbeat_at", "processing_ms", "created_at", "ready_at"
	FROM "pitch_decks";
--> statement-breakpoint
ALTER TABLE "pitch_deck_versions" ADD CONSTRAINT "pitch_deck_versions_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pitch_deck_versions_file_key_key" ON "pitch_deck_versions" USING btree ("file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pitch_deck_versions_deck_number_key" ON "pitch_deck_versions" USING btree ("pitch_deck_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "pitch_deck_versions_deck_id_key" ON "pitch_deck_versions" USING btree ("pitch_deck_id","id");--> statement-breakpoint
CREATE INDEX "pitch_deck_versions_processing_idx" ON "pitch_deck_versions" USING btree ("created_at") WHERE "pitch_deck_versions"."status" = 'processing';--> statement-breakpoint
-- The live version: the newest ready one, which investors see. Null until a version is ready.
ALTER TABLE "pitch_decks" ADD COLUMN "live_version_id" text;--> statement-breakpoint
UPDATE "pitch_decks" SET "live_version_id" = 'ver-' || substr("id", 5) WHERE "status" = 'ready';--> statement-breakpoint
-- Composite, so a deck's live version is always one of its own.
ALTER TABLE "pitch_decks" ADD CONSTRAINT "pitch_decks_live_version_fk" FOREIGN KEY ("id","live_version_id") REFERENCES "public"."pitch_deck_versions"("pitch_deck_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Page text belongs to a version.
ALTER TABLE "pitch_deck_pages" ADD COLUMN "version_id" text;--> statement-breakpoint
UPDATE "pitch_deck_pages" SET "version_id" = 'ver-' || substr("pitch_deck_id", 5);--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" ALTER COLUMN "version_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" DROP CONSTRAINT "pitch_deck_pages_pitch_deck_id_page_number_pk";--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" DROP CONSTRAINT "pitch_deck_pages_pitch_deck_id_pitch_decks_id_fk";--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" DROP COLUMN "pitch_deck_id";--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" ADD CONSTRAINT "pitch_deck_pages_version_id_page_number_pk" PRIMARY KEY("version_id","page_number");--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" ADD CONSTRAINT "pitch_deck_pages_version_id_pitch_deck_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."pitch_deck_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A viewing session reads one version; sessions recorded so far read version 1.
ALTER TABLE "deck_views" ADD COLUMN "version_id" text;--> statement-breakpoint
UPDATE "deck_views" SET "version_id" = 'ver-' || substr("pitch_deck_id", 5);--> statement-breakpoint
ALTER TABLE "deck_views" ALTER COLUMN "version_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deck_views" ADD CONSTRAINT "deck_views_version_id_pitch_deck_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."pitch_deck_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_views_version_idx" ON "deck_views" USING btree ("version_id");--> statement-breakpoint
-- The file and processing columns moved to the versions.
DROP INDEX "pitch_decks_file_key_key";--> statement-breakpoint
DROP INDEX "pitch_decks_ready_idx";--> statement-breakpoint
DROP INDEX "pitch_decks_processing_idx";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "file_key";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "file_size";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "failure_reason";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "page_count";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "min_font_size";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "max_font_size";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "processing_claimed_by";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "processing_claimed_at";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "processing_heartbeat_at";--> statement-breakpoint
ALTER TABLE "pitch_decks" DROP COLUMN "processing_ms";--> statement-breakpoint
-- Investors list live decks, newest first.
CREATE INDEX "pitch_decks_live_idx" ON "pitch_decks" USING btree ("ready_at") WHERE "pitch_decks"."live_version_id" is not null;
