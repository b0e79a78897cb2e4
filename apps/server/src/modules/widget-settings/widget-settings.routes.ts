import {
  activeHoursSaveSchema,
  portalLinkDeleteSchema,
  portalLinkSaveSchema,
  shopifyWidgetStateSchema,
  suggestedQuestionDeleteSchema,
  suggestedQuestionMoveSchema,
  suggestedQuestionSaveSchema,
  WIDGET_IMAGE_FLAGS,
  WIDGET_IMAGE_MAX_BYTES,
  WIDGET_IMAGE_TYPES,
  WIDGET_PICTURE_REMOVE_FIELD,
  WIDGET_SECTIONS,
  widgetSettingsResponseSchema,
  widgetSettingsSchema,
} from "@harbor/contract/widget";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { AppError } from "../../platform/errors";
import { asRouter, okResponse } from "../../platform/http";
import { parseJsonPart, readMultipart, sniffImageType, type UploadedFile } from "../../platform/multipart";
import { requireAdmin } from "../../platform/session";
import type { WidgetPicture, WidgetSections, WidgetSettingsService } from "./widget-settings.service";

const MAX_PICTURE_MB = WIDGET_IMAGE_MAX_BYTES / 1024 / 1024;

/** Each section part read with its own contract schema; problems name the part ("handoff.channels…"). */
function parseSections(fields: Record<string, string>): WidgetSections {
  const sections: Record<string, unknown> = {};
  for (const name of WIDGET_SECTIONS) {
    const raw = fields[name];
    if (raw !== undefined) sections[name] = parseJsonPart(widgetSettingsSchema.shape[name], raw, name);
  }
  // Each key was parsed with the schema of the section it names.
  return sections as WidgetSections;
}

/** The one picture of a save: an `images` file and the flag ("true") saying which picture it is. */
function parsePicture(fields: Record<string, string>, files: UploadedFile[]): WidgetPicture | undefined {
  const flags = WIDGET_IMAGE_FLAGS.filter((flag) => fields[flag] === "true");
  const file = files.find((candidate) => candidate.fieldName === "images");
  if (flags.length === 0) {
    if (file) throw new AppError("BAD_REQUEST", `images: say which picture this is (${WIDGET_IMAGE_FLAGS.join(", ")})`);
    return undefined;
  }
  if (flags.length > 1) throw new AppError("BAD_REQUEST", "images: send one picture at a time");
  const [flag] = flags as [WidgetPicture["flag"]];
  if (!file || file.bytes.length === 0) throw new AppError("BAD_REQUEST", "images: the new picture is missing");
  const contentType = sniffImageType(file.bytes);
  if (!contentType || !(WIDGET_IMAGE_TYPES as readonly string[]).includes(contentType)) {
    throw new AppError("BAD_REQUEST", "images: the picture must be a JPG or PNG image");
  }
  return { flag, contentType, bytes: file.bytes };
}

/** The saved picture to remove, by its flag; never together with a new picture. */
function parseRemoval(fields: Record<string, string>, picture: WidgetPicture | undefined) {
  const value = fields[WIDGET_PICTURE_REMOVE_FIELD];
  if (value === undefined) return undefined;
  const flag = WIDGET_IMAGE_FLAGS.find((candidate) => candidate === value);
  if (!flag) {
    throw new AppError("BAD_REQUEST", `${WIDGET_PICTURE_REMOVE_FIELD}: one of ${WIDGET_IMAGE_FLAGS.join(", ")}`);
  }
  if (picture) throw new AppError("BAD_REQUEST", `${WIDGET_PICTURE_REMOVE_FIELD}: remove or add a picture, not both`);
  return flag;
}

/** Chat widget settings (spec part 2 §7 "Widget settings"), admin only. */
export function widgetSettingsRoutes(app: FastifyInstance, deps: { widgetSettingsService: WidgetSettingsService }) {
  const router = asRouter(app);
  const service = deps.widgetSettingsService;
  const tags = ["widget-settings"];
  const response = okResponse(widgetSettingsResponseSchema);

  router.get("/api/widget-settings/", { schema: { tags, response } }, async (request) =>
    ok(await service.get(requireAdmin(request))),
  );

  // Multipart: any sections as JSON parts named after them, and at most one picture with its flag.
  router.post(
    "/api/widget-settings/save",
    { schema: { tags, consumes: ["multipart/form-data"], response } },
    async (request) => {
      const auth = requireAdmin(request);
      const { fields, files } = await readMultipart(request, {
        maxFileBytes: WIDGET_IMAGE_MAX_BYTES,
        maxFiles: 1,
        tooLargeMessage: `The picture is larger than ${MAX_PICTURE_MB} MB. Choose a smaller one.`,
      });
      const sections = parseSections(fields);
      const picture = parsePicture(fields, files);
      const removedPicture = parseRemoval(fields, picture);
      if (Object.keys(sections).length === 0 && !picture && !removedPicture) {
        throw new AppError("BAD_REQUEST", `Send at least one of: ${[...WIDGET_SECTIONS].join(", ")}`);
      }
      return ok(await service.save(auth, { sections, picture, removedPicture }), "Widget saved");
    },
  );

  router.post(
    "/api/widget-settings/active-hours/save",
    { schema: { tags, body: activeHoursSaveSchema, response } },
    async (request) => ok(await service.saveActiveHours(requireAdmin(request), request.body), "Active hours saved"),
  );

  router.post(
    "/api/widget-settings/custom-reply/save",
    { schema: { tags, body: portalLinkSaveSchema, response } },
    async (request) => ok(await service.savePortalLink(requireAdmin(request), request.body), "Custom reply saved"),
  );

  router.post(
    "/api/widget-settings/custom-reply/delete",
    { schema: { tags, body: portalLinkDeleteSchema, response } },
    async (request) =>
      ok(await service.deletePortalLink(requireAdmin(request), request.body.replyID), "Custom reply deleted"),
  );

  router.post(
    "/api/widget-settings/suggested-question/save",
    { schema: { tags, body: suggestedQuestionSaveSchema, response } },
    async (request) => ok(await service.saveSuggestedQuestion(requireAdmin(request), request.body), "Question saved"),
  );

  router.post(
    "/api/widget-settings/suggested-question/move",
    { schema: { tags, body: suggestedQuestionMoveSchema, response } },
    async (request) => ok(await service.moveSuggestedQuestion(requireAdmin(request), request.body), "Question moved"),
  );

  router.post(
    "/api/widget-settings/suggested-question/delete",
    { schema: { tags, body: suggestedQuestionDeleteSchema, response } },
    async (request) =>
      ok(await service.deleteSuggestedQuestion(requireAdmin(request), request.body.questionID), "Question deleted"),
  );

  router.get(
    "/api/widget-settings/shopify-widget",
    { schema: { tags, response: okResponse(shopifyWidgetStateSchema) } },
    async (request) => ok(await service.shopifyWidgetState(requireAdmin(request))),
  );

  router.get(
    "/api/widget-settings/shopify-widget/toggle",
    { schema: { tags, response: okResponse(shopifyWidgetStateSchema) } },
    async (request) => {
      const state = await service.toggleShopifyWidget(requireAdmin(request));
      return ok(
        state,
        state.isEnabled ? "Widget added to your Shopify store" : "Widget removed from your Shopify store",
      );
    },
  );
}
