CREATE INDEX "knowledge_documents_filter_idx" ON "knowledge_documents" USING btree ("company_id","source_id","is_active","updated_at");--> statement-breakpoint
CREATE INDEX "knowledge_documents_title_trgm_idx" ON "knowledge_documents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "knowledge_documents_url_trgm_idx" ON "knowledge_documents" USING gin ("url" gin_trgm_ops);