CREATE TABLE "data_room_items" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"parent_id" text,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"file_key" text,
	"size" bigint,
	"mime" text,
	"status" text,
	"page_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"founder_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_room_items" ADD CONSTRAINT "data_room_items_room_id_data_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."data_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_items" ADD CONSTRAINT "data_room_items_parent_id_data_room_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."data_room_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_rooms" ADD CONSTRAINT "data_rooms_founder_id_accounts_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_room_items_room_idx" ON "data_room_items" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "data_room_items_parent_idx" ON "data_room_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "data_rooms_founder_idx" ON "data_rooms" USING btree ("founder_id","created_at");