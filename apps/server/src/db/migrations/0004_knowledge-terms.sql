CREATE TABLE "knowledge_terms" (
	"company_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"chunk_count" integer NOT NULL,
	CONSTRAINT "knowledge_terms_company_id_lexeme_pk" PRIMARY KEY("company_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;