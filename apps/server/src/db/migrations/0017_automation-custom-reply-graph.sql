ALTER TABLE "custom_replies" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_replies" ADD COLUMN "nodes" jsonb DEFAULT '[]'::jsonb NOT NULL;