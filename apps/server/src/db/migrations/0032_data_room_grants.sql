CREATE TABLE "data_room_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"interest_id" text NOT NULL,
	"investor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_room_grants" ADD CONSTRAINT "data_room_grants_room_id_data_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."data_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_grants" ADD CONSTRAINT "data_room_grants_interest_id_interests_id_fk" FOREIGN KEY ("interest_id") REFERENCES "public"."interests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_grants" ADD CONSTRAINT "data_room_grants_investor_id_accounts_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_room_grants_room_interest_idx" ON "data_room_grants" USING btree ("room_id","interest_id");--> statement-breakpoint
CREATE INDEX "data_room_grants_investor_idx" ON "data_room_grants" USING btree ("investor_id");--> statement-breakpoint
CREATE INDEX "data_room_grants_interest_idx" ON "data_room_grants" USING btree ("interest_id");