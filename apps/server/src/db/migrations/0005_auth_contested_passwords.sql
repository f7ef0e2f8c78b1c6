CREATE TABLE "verification_sends" (
	"role" text NOT NULL,
	"email_key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_sends_role_email_key_pk" PRIMARY KEY("role","email_key")
);
--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "password_contested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "verification_sends_sent_idx" ON "verification_sends" USING btree ("sent_at");