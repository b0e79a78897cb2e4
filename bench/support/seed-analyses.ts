import { sql } from "drizzle-orm";
import type { Database } from "../../apps/server/src/db/client";

/** One AI analysis per chat of the company, its category picked from the list by the chat's id (stable across runs). */
export async function seedChatAnalyses(db: Database, companyId: string, categories: string[]): Promise<void> {
  await db.execute(sql`
    insert into chat_analyses (company_id, chat_id, shortened_customer_message, question_category, created_at)
    select c.company_id, c.id, 'Where is my order?',
      (array[${sql.join(
        categories.map((category) => sql`${category}`),
        sql`, `,
      )}])[abs(hashtext(c.id::text)) % ${categories.length} + 1],
      c.created_at
    from chats c where c.company_id = ${companyId}`);
}
