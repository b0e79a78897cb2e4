CREATE TABLE "widgets" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"widget_id" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widgets_widget_id_unique" UNIQUE("widget_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_message_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id_idx" ON "chat_messages" USING btree ("chat_id","client_message_id") WHERE "chat_messages"."client_message_id" is not null;--> statement-breakpoint
CREATE INDEX "chats_visitor_idx" ON "chats" USING btree ("company_id","visitor_id","created_at");