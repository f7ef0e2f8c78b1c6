CREATE TABLE "milestone_activities" (
	"id" text PRIMARY KEY NOT NULL,
	"milestone_id" text NOT NULL,
	"task_id" text,
	"stage" text,
	"actor_id" text,
	"action" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_subtasks" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"title" text NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"milestone_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"stage" text DEFAULT 'backlog' NOT NULL,
	"rank" text NOT NULL,
	"assignee_id" text,
	"due_date" date,
	"estimate_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_tasks_milestone_id_key" UNIQUE("milestone_id","id")
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" text PRIMARY KEY NOT NULL,
	"founder_id" text NOT NULL,
	"pitch_deck_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint,
	"status" text DEFAULT 'draft' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_task_dependencies" (
	"id" text PRIMARY KEY NOT NULL,
	"milestone_id" text NOT NULL,
	"task_id" text NOT NULL,
	"blocked_by_task_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_task_dependencies_not_self" CHECK ("milestone_task_dependencies"."task_id" <> "milestone_task_dependencies"."blocked_by_task_id")
);
--> statement-breakpoint
ALTER TABLE "milestone_activities" ADD CONSTRAINT "milestone_activities_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_activities" ADD CONSTRAINT "milestone_activities_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_subtasks" ADD CONSTRAINT "milestone_subtasks_task_id_milestone_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."milestone_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_tasks" ADD CONSTRAINT "milestone_tasks_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_tasks" ADD CONSTRAINT "milestone_tasks_assignee_id_accounts_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_founder_id_accounts_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_task_dependencies" ADD CONSTRAINT "milestone_task_dependencies_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_task_dependencies" ADD CONSTRAINT "milestone_task_dependencies_task_fk" FOREIGN KEY ("milestone_id","task_id") REFERENCES "public"."milestone_tasks"("milestone_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_task_dependencies" ADD CONSTRAINT "milestone_task_dependencies_blocker_fk" FOREIGN KEY ("milestone_id","blocked_by_task_id") REFERENCES "public"."milestone_tasks"("milestone_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestone_activities_feed_idx" ON "milestone_activities" USING btree ("milestone_id","created_at");--> statement-breakpoint
CREATE INDEX "milestone_activities_stage_idx" ON "milestone_activities" USING btree ("milestone_id","stage","created_at");--> statement-breakpoint
CREATE INDEX "milestone_activities_task_idx" ON "milestone_activities" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "milestone_subtasks_task_idx" ON "milestone_subtasks" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "milestone_tasks_board_idx" ON "milestone_tasks" USING btree ("milestone_id","stage","rank");--> statement-breakpoint
CREATE INDEX "milestones_founder_idx" ON "milestones" USING btree ("founder_id","due_date");--> statement-breakpoint
CREATE INDEX "milestones_deck_idx" ON "milestones" USING btree ("pitch_deck_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_task_dependencies_pair_key" ON "milestone_task_dependencies" USING btree ("task_id","blocked_by_task_id");--> statement-breakpoint
CREATE INDEX "milestone_task_dependencies_blocker_idx" ON "milestone_task_dependencies" USING btree ("blocked_by_task_id");--> statement-breakpoint
CREATE INDEX "milestone_task_dependencies_milestone_idx" ON "milestone_task_dependencies" USING btree ("milestone_id");