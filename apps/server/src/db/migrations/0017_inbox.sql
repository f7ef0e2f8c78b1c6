CREATE TABLE "inbox_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text NOT NULL,
	"pitch_deck_id" text,
	"actor_id" text,
	"actor_name" text,
	"source_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_notifications" ADD CONSTRAINT "inbox_notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notifications" ADD CONSTRAINT "inbox_notifications_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_notifications_account_seq_idx" ON "inbox_notifications" USING btree ("account_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_notifications_unread_idx" ON "inbox_notifications" USING btree ("account_id") WHERE "inbox_notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_notifications_source_idx" ON "inbox_notifications" USING btree ("account_id","source_key");--> statement-breakpoint
CREATE INDEX "inbox_notifications_created_idx" ON "inbox_notifications" USING btree ("created_at");