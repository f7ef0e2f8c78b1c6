CREATE TABLE "milestone_task_prefixes" (
	"pitch_deck_id" text PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "milestone_task_prefixes_prefix_key" UNIQUE("prefix")
);
--> statement-breakpoint
CREATE TABLE "milestone_task_reminders" (
	"task_id" text NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_task_reminders_task_id_kind_due_date_pk" PRIMARY KEY("task_id","kind","due_date")
);
--> statement-breakpoint
ALTER TABLE "milestone_tasks" ADD COLUMN "key" text;--> statement-breakpoint
-- Existing tasks get keys: each deck with milestones a prefix derived as taskKeyPrefixBase in the
-- contract does (first letter of the company, then its next two consonants: Ledgerleaf -> LDG;
-- fewer than three: its first three letters), a second deck with the same prefix LDG2, LDG3, ...
-- in the order the decks were made; tasks are numbered per deck in the order they were made.
INSERT INTO "milestone_task_prefixes" ("pitch_deck_id", "prefix", "last_number")
SELECT "id", CASE WHEN "rn" = 1 THEN "base" ELSE "base" || "rn" END, "task_count"
FROM (
  SELECT "id", "base", "task_count", row_number() OVER (PARTITION BY "base" ORDER BY "created_at", "id") AS "rn"
  FROM (
    SELECT d."id", d."created_at",
      (SELECT count(*) FROM "milestone_tasks" t JOIN "milestones" m ON m."id" = t."milestone_id" WHERE m."pitch_deck_id" = d."id")::int AS "task_count",
      CASE
        WHEN l."letters" = '' THEN 'TSK'
        WHEN length(left(l."letters", 1) || left(regexp_replace(substr(l."letters", 2), '[AEIOU]', '', 'g'), 2)) < 3 THEN left(l."letters", 3)
        ELSE left(l."letters", 1) || left(regexp_replace(substr(l."letters", 2), '[AEIOU]', '', 'g'), 2)
      END AS "base"
    FROM "pitch_decks" d
    CROSS JOIN LATERAL (
      SELECT regexp_replace(upper(CASE WHEN regexp_replace(upper(d."company"), '[^A-Z]', '', 'g') = '' THEN d."title" ELSE d."company" END), '[^A-Z]', '', 'g') AS "letters"
    ) l
    WHERE EXISTS (SELECT 1 FROM "milestones" m WHERE m."pitch_deck_id" = d."id")
  ) "decks"
) "ranked";--> statement-breakpoint
UPDATE "milestone_tasks" SET "key" = p."prefix" || '-' || n."number"
FROM (
  SELECT t."id", m."pitch_deck_id", row_number() OVER (PARTITION BY m."pitch_deck_id" ORDER BY t."created_at", t."id") AS "number"
  FROM "milestone_tasks" t JOIN "milestones" m ON m."id" = t."milestone_id"
) n
JOIN "milestone_task_prefixes" p ON p."pitch_deck_id" = n."pitch_deck_id"
WHERE "milestone_tasks"."id" = n."id";--> statement-breakpoint
ALTER TABLE "milestone_tasks" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "milestone_tasks" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "milestone_task_prefixes" ADD CONSTRAINT "milestone_task_prefixes_pitch_deck_id_pitch_decks_id_fk" FOREIGN KEY ("pitch_deck_id") REFERENCES "public"."pitch_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_task_reminders" ADD CONSTRAINT "milestone_task_reminders_task_id_milestone_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."milestone_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_tasks_key_idx" ON "milestone_tasks" USING btree ("key");