CREATE TABLE "milestone_mentors" (
	"milestone_id" text NOT NULL,
	"founder_id" text NOT NULL,
	"mentor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_mentors_milestone_id_mentor_id_pk" PRIMARY KEY("milestone_id","mentor_id")
);
--> statement-breakpoint
ALTER TABLE "milestone_activities" ADD COLUMN "audience" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "milestone_threads" ADD COLUMN "audience" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "milestone_mentors" ADD CONSTRAINT "milestone_mentors_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_mentors" ADD CONSTRAINT "milestone_mentors_mentorship_fk" FOREIGN KEY ("founder_id","mentor_id") REFERENCES "public"."mentorships"("founder_id","mentor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestone_mentors_mentor_idx" ON "milestone_mentors" USING btree ("mentor_id","created_at");