import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database";
import type { DatabaseHandle } from "../../db/client";
import { companies, users } from "../../db/schema/index";
import { createCompaniesRepository } from "./companies.repository";
import { createDemoContentRunner } from "./demo-content";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const silentLog = { info: () => {}, error: () => {} };

describe("demo content", () => {
  it("sets the flag only after every seeder finished, and a restart resumes an interrupted seeding", async () => {
    const repository = createCompaniesRepository(database.db);
    const [user] = await database.db.insert(users).values({ email: "demo@shop.example", name: "Demo" }).returning();
    const company = await repository.createWithAdmin({ name: "Demo Shop", adminUserId: user!.id });

    // First run: the process "stops" while the second seeder runs, so the flag stays unset.
    const seeded: string[] = [];
    const crashing = createDemoContentRunner({
      companies: repository,
      log: silentLog,
      seeders: [
        { name: "articles", seed: async (id) => void seeded.push(`articles:${id}`) },
        {
          name: "chats",
          seed: async () => {
            throw new Error("stopped mid-way");
          },
        },
      ],
    });
    await crashing.start(company.id);
    const [afterCrash] = await database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(afterCrash!.isDemoContentReady).toBe(false);

    // After a restart, pending companies are seeded again to completion.
    const restarted = createDemoContentRunner({
      companies: repository,
      log: silentLog,
      seeders: [
        { name: "articles", seed: async (id) => void seeded.push(`articles:${id}`) },
        { name: "chats", seed: async (id) => void seeded.push(`chats:${id}`) },
      ],
    });
    await restarted.resumePending();
    const [afterResume] = await database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(afterResume!.isDemoContentReady).toBe(true);
    expect(seeded).toEqual([`articles:${company.id}`, `articles:${company.id}`, `chats:${company.id}`]);
  });
});
