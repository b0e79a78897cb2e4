import { z } from "zod";

/** GET /api/health */
export const healthResponseSchema = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/config: public settings the dashboard needs before anyone signs in. */
export const publicConfigSchema = z.object({ marketingURL: z.string().nullable() });
// marketingURL null: no marketing site is configured, unknown paths show an in-app not-found page.
export type PublicConfig = z.infer<typeof publicConfigSchema>;
