ALTER TABLE "milestone_deliverables" ADD COLUMN "changes_requested_by_id" text;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD COLUMN "changes_requested_comment" text;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD COLUMN "changes_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "milestone_task_approvals" ADD COLUMN "decision" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "milestone_task_approvals" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "milestone_deliverables" ADD CONSTRAINT "milestone_deliverables_changes_requested_by_id_accounts_id_fk" FOREIGN KEY ("changes_requested_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One approval per investor per task from now on (issue 18): keep each investor's latest.
DELETE FROM "milestone_task_approvals" AS older USING "milestone_task_approvals" AS newer
WHERE older."task_id" = newer."task_id" AND older."investor_id" = newer."investor_id"
  AND (older."created_at", older."id") < (newer."created_at", newer."id");--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_task_approvals_investor_idx" ON "milestone_task_approvals" USING btree ("task_id","investor_id");