CREATE TABLE "unanswered_verdict_warmings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"knowledge_changed_at" timestamp with time zone NOT NULL,
	"warmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unanswered_verdicts" (
	"company_id" uuid NOT NULL,
	"knowledge_changed_at" timestamp with time zone NOT NULL,
	"last_asked_at" timestamp with time zone NOT NULL,
	"question" text NOT NULL,
	"answered" boolean NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unanswered_verdict_warmings" ADD CONSTRAINT "unanswered_verdict_warmings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_verdicts" ADD CONSTRAINT "unanswered_verdicts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unanswered_verdicts_key_idx" ON "unanswered_verdicts" USING btree ("company_id","knowledge_changed_at","last_asked_at",md5("question"));--> statement-breakpoint
CREATE INDEX "chat_messages_ai_answer_idx" ON "chat_messages" USING btree ("company_id","created_at") WHERE "chat_messages"."sender_role" = 'ai' and "chat_messages"."message_type" = 'answer';