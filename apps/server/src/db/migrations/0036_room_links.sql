CREATE TABLE "deck_link_document_pages" (
	"visitor_id" text NOT NULL,
	"item_id" text NOT NULL,
	"page" integer NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "deck_link_document_pages_visitor_id_item_id_page_pk" PRIMARY KEY("visitor_id","item_id","page")
);
--> statement-breakpoint
CREATE TABLE "deck_link_documents" (
	"visitor_id" text NOT NULL,
	"item_id" text NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deck_link_documents_visitor_id_item_id_pk" PRIMARY KEY("visitor_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "deck_links" ALTER COLUMN "pitch_deck_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deck_links" ADD COLUMN "data_room_id" text;--> statement-breakpoint
ALTER TABLE "deck_link_document_pages" ADD CONSTRAINT "deck_link_document_pages_visitor_id_deck_link_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."deck_link_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_document_pages" ADD CONSTRAINT "deck_link_document_pages_item_id_data_room_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."data_room_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_documents" ADD CONSTRAINT "deck_link_documents_visitor_id_deck_link_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."deck_link_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_documents" ADD CONSTRAINT "deck_link_documents_item_id_data_room_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."data_room_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_links" ADD CONSTRAINT "deck_links_data_room_id_data_rooms_id_fk" FOREIGN KEY ("data_room_id") REFERENCES "public"."data_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_links_room_idx" ON "deck_links" USING btree ("data_room_id","created_at");--> statement-breakpoint
ALTER TABLE "deck_links" ADD CONSTRAINT "deck_links_one_target" CHECK (("deck_links"."pitch_deck_id" is null) <> ("deck_links"."data_room_id" is null));