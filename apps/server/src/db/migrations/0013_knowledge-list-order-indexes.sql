DROP INDEX "knowledge_documents_list_idx";--> statement-breakpoint
DROP INDEX "knowledge_documents_filter_idx";--> statement-breakpoint
CREATE INDEX "knowledge_documents_list_idx" ON "knowledge_documents" USING btree ("company_id","source_id","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "knowledge_documents_filter_idx" ON "knowledge_documents" USING btree ("company_id","source_id","is_active","updated_at" DESC NULLS FIRST,"id");