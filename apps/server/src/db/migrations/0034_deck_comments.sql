CREATE TABLE "deck_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"pitch_deck_id" text NOT NULL,
	"version_id" text NOT NULL,
	"version_number" integer NOT NULL,
	"page" integer NOT NULL,
	"parent_id" text,
	"region_x" real,
	"region_y" real,
	"region_width" real,
	"region_height" real,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" text,
	"outdated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deck_comments" ADD CONSTRAINT "deck_comments_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_comments" ADD CONSTRAINT "deck_comments_version_id_pitch_deck_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."pitch_deck_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_comments" ADD CONSTRAINT "deck_comments_parent_id_deck_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."deck_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_comments" ADD CONSTRAINT "deck_comments_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_comments" ADD CONSTRAINT "deck_comments_resolved_by_id_accounts_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_comments_deck_idx" ON "deck_comments" USING btree ("pitch_deck_id","created_at");--> statement-breakpoint
CREATE INDEX "deck_comments_parent_idx" ON "deck_comments" USING btree ("parent_id");