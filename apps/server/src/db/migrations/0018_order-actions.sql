CREATE TABLE "order_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"chat_id" uuid,
	"visitor_id" text NOT NULL,
	"client_key" text NOT NULL,
	"action" text NOT NULL,
	"app" text NOT NULL,
	"order_name" text NOT NULL,
	"vendor_order_id" text NOT NULL,
	"verified_by" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"vendor_answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_actions" ADD CONSTRAINT "order_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_actions" ADD CONSTRAINT "order_actions_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_actions_client_key_idx" ON "order_actions" USING btree ("company_id","client_key");--> statement-breakpoint
CREATE INDEX "order_actions_order_idx" ON "order_actions" USING btree ("company_id","order_name");