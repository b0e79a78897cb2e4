CREATE TABLE "handoff_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"chat_id" uuid NOT NULL,
	"app" text NOT NULL,
	"trigger" text NOT NULL,
	"ticket_status" text,
	"status" text NOT NULL,
	"vendor_ticket_id" text,
	"url" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "handoff_tickets" ADD CONSTRAINT "handoff_tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoff_tickets" ADD CONSTRAINT "handoff_tickets_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handoff_tickets_chat_app_idx" ON "handoff_tickets" USING btree ("chat_id","app");