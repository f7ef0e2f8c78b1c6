CREATE TABLE "mentor_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"founder_id" text NOT NULL,
	"email" text NOT NULL,
	"note" text,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mentorships" (
	"founder_id" text NOT NULL,
	"mentor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentorships_founder_id_mentor_id_pk" PRIMARY KEY("founder_id","mentor_id")
);
--> statement-breakpoint
ALTER TABLE "mentor_invitations" ADD CONSTRAINT "mentor_invitations_founder_id_accounts_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentorships" ADD CONSTRAINT "mentorships_founder_id_accounts_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentorships" ADD CONSTRAINT "mentorships_mentor_id_accounts_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_invitations_token_hash_idx" ON "mentor_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mentor_invitations_founder_idx" ON "mentor_invitations" USING btree ("founder_id","created_at");--> statement-breakpoint
CREATE INDEX "mentorships_mentor_idx" ON "mentorships" USING btree ("mentor_id","created_at");