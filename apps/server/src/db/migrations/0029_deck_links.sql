CREATE TABLE "deck_link_codes" (
	"link_id" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_in_window" integer DEFAULT 1 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deck_link_codes_link_id_email_pk" PRIMARY KEY("link_id","email")
);
--> statement-breakpoint
CREATE TABLE "deck_link_guesses" (
	"link_id" text NOT NULL,
	"visitor_key" text NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deck_link_guesses_link_id_visitor_key_pk" PRIMARY KEY("link_id","visitor_key")
);
--> statement-breakpoint
CREATE TABLE "deck_link_page_times" (
	"visitor_id" text NOT NULL,
	"page" integer NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "deck_link_page_times_visitor_id_page_pk" PRIMARY KEY("visitor_id","page")
);
--> statement-breakpoint
CREATE TABLE "deck_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"is_email_verified" boolean NOT NULL,
	"passcode_generation" integer,
	"agreement_generation" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deck_link_views" (
	"id" text PRIMARY KEY NOT NULL,
	"visitor_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_seconds" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deck_link_visitors" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"agreed_at" timestamp with time zone,
	"visits" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"total_seconds" double precision DEFAULT 0 NOT NULL,
	"furthest_page" integer,
	"read_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deck_links" (
	"id" text PRIMARY KEY NOT NULL,
	"pitch_deck_id" text NOT NULL,
	"founder_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"require_email" boolean NOT NULL,
	"verify_email" boolean NOT NULL,
	"allow_list" jsonb NOT NULL,
	"deny_list" jsonb NOT NULL,
	"passcode_hash" text,
	"passcode_generation" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"allow_download" boolean NOT NULL,
	"watermark" boolean NOT NULL,
	"agreement" text,
	"agreement_generation" integer DEFAULT 0 NOT NULL,
	"notify" boolean NOT NULL,
	"version_id" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deck_link_codes" ADD CONSTRAINT "deck_link_codes_link_id_deck_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."deck_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_guesses" ADD CONSTRAINT "deck_link_guesses_link_id_deck_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."deck_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_page_times" ADD CONSTRAINT "deck_link_page_times_visitor_id_deck_link_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."deck_link_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_tokens" ADD CONSTRAINT "deck_link_tokens_link_id_deck_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."deck_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_tokens" ADD CONSTRAINT "deck_link_tokens_visitor_id_deck_link_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."deck_link_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_views" ADD CONSTRAINT "deck_link_views_visitor_id_deck_link_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."deck_link_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_visitors" ADD CONSTRAINT "deck_link_visitors_link_id_deck_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."deck_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_links" ADD CONSTRAINT "deck_links_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_links" ADD CONSTRAINT "deck_links_founder_id_accounts_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_links" ADD CONSTRAINT "deck_links_version_id_pitch_deck_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."pitch_deck_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_link_tokens_link_idx" ON "deck_link_tokens" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "deck_link_tokens_visitor_idx" ON "deck_link_tokens" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "deck_link_tokens_expiry_idx" ON "deck_link_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "deck_link_views_visitor_idx" ON "deck_link_views" USING btree ("visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deck_link_visitors_email_idx" ON "deck_link_visitors" USING btree ("link_id","email") WHERE "deck_link_visitors"."email" is not null;--> statement-breakpoint
CREATE INDEX "deck_link_visitors_link_idx" ON "deck_link_visitors" USING btree ("link_id","last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deck_links_slug_idx" ON "deck_links" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "deck_links_deck_idx" ON "deck_links" USING btree ("pitch_deck_id","created_at");