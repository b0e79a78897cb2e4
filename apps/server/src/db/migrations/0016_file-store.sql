ALTER TABLE "stored_files" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "chat_id" uuid;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "uploader_ip" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "attached_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_chat_idx" ON "stored_files" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "stored_files_unattached_idx" ON "stored_files" USING btree ("created_at") WHERE attached_at is null;--> statement-breakpoint
CREATE INDEX "stored_files_visitor_idx" ON "stored_files" USING btree ("company_id","visitor_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_uploader_ip_idx" ON "stored_files" USING btree ("uploader_ip","created_at");