CREATE TABLE "deck_page_views" (
	"view_id" text NOT NULL,
	"page_number" integer NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "deck_page_views_view_id_page_number_pk" PRIMARY KEY("view_id","page_number")
);
--> statement-breakpoint
CREATE TABLE "deck_views" (
	"id" text PRIMARY KEY NOT NULL,
	"pitch_deck_id" text NOT NULL,
	"investor_id" text NOT NULL,
	"total_seconds" double precision DEFAULT 0 NOT NULL,
	"furthest_page" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interests" (
	"id" text PRIMARY KEY NOT NULL,
	"pitch_deck_id" text NOT NULL,
	"investor_id" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pitch_deck_pages" (
	"pitch_deck_id" text NOT NULL,
	"page_number" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "pitch_deck_pages_pitch_deck_id_page_number_pk" PRIMARY KEY("pitch_deck_id","page_number")
);
--> statement-breakpoint
CREATE TABLE "pitch_decks" (
	"id" text PRIMARY KEY NOT NULL,
	"founder_id" text NOT NULL,
	"file_key" text NOT NULL,
	"file_size" bigint NOT NULL,
	"company" text NOT NULL,
	"title" text NOT NULL,
	"pitch" text NOT NULL,
	"sector" text NOT NULL,
	"stage" text NOT NULL,
	"amount_sought" bigint NOT NULL,
	"location" text NOT NULL,
	"website" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"page_count" integer,
	"min_font_size" real,
	"max_font_size" real,
	"search_vector" "tsvector",
	"processing_claimed_at" timestamp with time zone,
	"processing_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deck_page_views" ADD CONSTRAINT "deck_page_views_view_id_deck_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."deck_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_views" ADD CONSTRAINT "deck_views_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_views" ADD CONSTRAINT "deck_views_investor_id_accounts_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interests" ADD CONSTRAINT "interests_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interests" ADD CONSTRAINT "interests_investor_id_accounts_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_deck_pages" ADD CONSTRAINT "pitch_deck_pages_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_decks" ADD CONSTRAINT "pitch_decks_founder_id_accounts_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_views_deck_idx" ON "deck_views" USING btree ("pitch_deck_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interests_deck_investor_key" ON "interests" USING btree ("pitch_deck_id","investor_id");--> statement-breakpoint
CREATE INDEX "interests_investor_idx" ON "interests" USING btree ("investor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pitch_decks_file_key_key" ON "pitch_decks" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "pitch_decks_founder_idx" ON "pitch_decks" USING btree ("founder_id","created_at");--> statement-breakpoint
CREATE INDEX "pitch_decks_ready_idx" ON "pitch_decks" USING btree ("ready_at") WHERE "pitch_decks"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "pitch_decks_search_idx" ON "pitch_decks" USING gin ("search_vector");