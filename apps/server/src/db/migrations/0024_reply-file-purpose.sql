ALTER TABLE "stored_files" ADD COLUMN "purpose" text;--> statement-breakpoint
CREATE INDEX "stored_files_purpose_idx" ON "stored_files" USING btree ("purpose","created_at") WHERE purpose is not null;
