CREATE TABLE "milestone_meet_attendees" (
	"meet_id" text NOT NULL,
	"account_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "milestone_meet_attendees_meet_id_account_id_pk" PRIMARY KEY("meet_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD COLUMN "file_content_type" text;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "milestone_meet_attendees" ADD CONSTRAINT "milestone_meet_attendees_meet_id_milestone_meets_id_fk" FOREIGN KEY ("meet_id") REFERENCES "public"."milestone_meets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_meet_attendees" ADD CONSTRAINT "milestone_meet_attendees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD CONSTRAINT "milestone_deliverables_file_key_unique" UNIQUE("file_key");