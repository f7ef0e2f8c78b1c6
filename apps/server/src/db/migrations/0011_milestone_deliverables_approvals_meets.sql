CREATE TABLE "milestone_deliverables" (
	"id" text PRIMARY KEY NOT NULL,
	"milestone_id" text NOT NULL,
	"task_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"submitted_at" timestamp with time zone,
	"accepted_by_id" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_meets" (
	"id" text PRIMARY KEY NOT NULL,
	"milestone_id" text NOT NULL,
	"title" text NOT NULL,
	"agenda" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"video_url" text,
	"organizer_id" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_task_approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"milestone_id" text NOT NULL,
	"task_id" text NOT NULL,
	"investor_id" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD CONSTRAINT "milestone_deliverables_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD CONSTRAINT "milestone_deliverables_accepted_by_id_accounts_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD CONSTRAINT "milestone_deliverables_task_fk" FOREIGN KEY ("milestone_id","task_id") REFERENCES "public"."milestone_tasks"("milestone_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_meets" ADD CONSTRAINT "milestone_meets_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_meets" ADD CONSTRAINT "milestone_meets_organizer_id_accounts_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_task_approvals" ADD CONSTRAINT "milestone_task_approvals_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_task_approvals" ADD CONSTRAINT "milestone_task_approvals_investor_id_accounts_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_task_approvals" ADD CONSTRAINT "milestone_task_approvals_task_fk" FOREIGN KEY ("milestone_id","task_id") REFERENCES "public"."milestone_tasks"("milestone_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestone_deliverables_task_idx" ON "milestone_deliverables" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "milestone_deliverables_milestone_idx" ON "milestone_deliverables" USING btree ("milestone_id","created_at");--> statement-breakpoint
CREATE INDEX "milestone_meets_milestone_idx" ON "milestone_meets" USING btree ("milestone_id","starts_at");--> statement-breakpoint
CREATE INDEX "milestone_task_approvals_task_idx" ON "milestone_task_approvals" USING btree ("task_id","created_at");