import { randomBytes } from "node:crypto";
import { defaultWidgetSettings } from "@harbor/contract/widget-defaults";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type StoredWidgetSettings, storedFiles, widgets } from "../../db/schema/index";

export type WidgetRow = typeof widgets.$inferSelect;

/** Pictures written in the same transaction as the settings that point at them. */
export type WidgetPictureStore = {
  /** Records a picture of the company already in the file store under `id`; answers the id. */
  store(picture: { id: string; contentType: string; byteSize: number }): Promise<string>;
  remove(fileId: string): Promise<void>;
};

/** 20 characters of [a-z0-9]: unguessable, and safe in a script tag's attribute. */
export function newWidgetId() {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join("");
}

/** The company's widget; every call but findByWidgetId is scoped by companyId. */
export function createWidgetRepository(
  db: Database,
  /** The users module's: where a new widget's tickets are mailed. */
  firstAdminEmail: (companyId: string) => Promise<string | null>,
) {
  /**
   * The defaults, with tickets mailed to the company's first admin: ticket handoff is on from the
   * start, and an empty notification address would both drop the team's mail and keep the Handoff
   * page from saving until someone typed one in. The admin changes it there.
   */
  async function firstSettings(companyId: string): Promise<StoredWidgetSettings> {
    const settings = defaultWidgetSettings();
    const owner = await firstAdminEmail(companyId);
    const ticket = settings.handoff.channels.ticket;
    if (owner && ticket.appType === "email") ticket.attributes = [{ notificationEmail: owner }];
    return settings;
  }

  return {
    /** The company's widget, made with defaults on first use (two racing callers get the same row). */
    async findOrCreate(companyId: string): Promise<WidgetRow> {
      const [existing] = await db.select().from(widgets).where(eq(widgets.companyId, companyId)).limit(1);
      if (existing) return existing;
      await db
        .insert(widgets)
        .values({ companyId, widgetId: newWidgetId(), settings: await firstSettings(companyId) })
        .onConflictDoNothing({ target: widgets.companyId });
      const [row] = await db.select().from(widgets).where(eq(widgets.companyId, companyId)).limit(1);
      if (!row) throw new Error(`Widget of company ${companyId} could not be created`);
      return row;
    },

    /** The visitor side knows only the public widget id. */
    async findByWidgetId(widgetId: string): Promise<WidgetRow | null> {
      const [row] = await db.select().from(widgets).where(eq(widgets.widgetId, widgetId)).limit(1);
      return row ?? null;
    },

    async saveSettings(companyId: string, settings: StoredWidgetSettings): Promise<WidgetRow> {
      const [row] = await db
        .update(widgets)
        .set({ settings, updatedAt: sql`now()` })
        .where(eq(widgets.companyId, companyId))
        .returning();
      if (!row) throw new Error(`Widget of company ${companyId} not found`);
      return row;
    },

    /**
     * Reads the settings under a row lock, lets `change` work out the new ones (storing or removing
     * pictures on the way) and writes them in the same transaction: two saves at once can't undo
     * each other, and when `change` throws nothing is saved, pictures included.
     */
    async updateSettings(
      companyId: string,
      change: (current: StoredWidgetSettings, pictures: WidgetPictureStore) => Promise<StoredWidgetSettings>,
    ): Promise<WidgetRow> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ settings: widgets.settings })
          .from(widgets)
          .where(eq(widgets.companyId, companyId))
          .for("update");
        if (!current) throw new Error(`Widget of company ${companyId} not found`);
        const pictures: WidgetPictureStore = {
          async store(picture) {
            const [file] = await tx
              .insert(storedFiles)
              .values({ companyId, ...picture })
              .returning({ id: storedFiles.id });
            if (!file) throw new Error("Stored file insert returned no row");
            return file.id;
          },
          async remove(fileId) {
            await tx.delete(storedFiles).where(and(eq(storedFiles.id, fileId), eq(storedFiles.companyId, companyId)));
          },
        };
        const settings = await change(current.settings, pictures);
        const [row] = await tx
          .update(widgets)
          .set({ settings, updatedAt: sql`now()` })
          .where(eq(widgets.companyId, companyId))
          .returning();
        if (!row) throw new Error(`Widget of company ${companyId} not found`);
        return row;
      });
    },
  };
}

export type WidgetRepository = ReturnType<typeof createWidgetRepository>;
