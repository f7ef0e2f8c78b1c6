CREATE TABLE "milestone_message_attachments" (
	"key" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"position" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_thread_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"thread_id" text NOT NULL,
	"author_id" text,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "milestone_threads" (
	"id" text PRIMARY KEY NOT NULL,
	"milestone_id" text NOT NULL,
	"task_id" text,
	"title" text NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "milestone_message_attachments" ADD CONSTRAINT "milestone_message_attachments_message_id_milestone_thread_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."milestone_thread_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_thread_messages" ADD CONSTRAINT "milestone_thread_messages_thread_id_milestone_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."milestone_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_thread_messages" ADD CONSTRAINT "milestone_thread_messages_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_threads" ADD CONSTRAINT "milestone_threads_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_threads" ADD CONSTRAINT "milestone_threads_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_threads" ADD CONSTRAINT "milestone_threads_task_fk" FOREIGN KEY ("milestone_id","task_id") REFERENCES "public"."milestone_tasks"("milestone_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestone_message_attachments_message_idx" ON "milestone_message_attachments" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "milestone_thread_messages_thread_idx" ON "milestone_thread_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "milestone_threads_milestone_idx" ON "milestone_threads" USING btree ("milestone_id","created_at");--> statement-breakpoint
CREATE INDEX "milestone_threads_task_idx" ON "milestone_threads" USING btree ("task_id","created_at");