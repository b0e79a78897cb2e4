import type { ShopifyWidgetState } from "@harbor/contract/widget";
import { SHOPIFY_NOT_CONNECTED } from "@harbor/contract/widget";
import { IntegrationError } from "../../integrations/integration-error";
import type { ShopifyClient } from "../../integrations/shopify/shopify.client";
import { AppError } from "../../platform/errors";

/**
 * The address a Shopify script tag loads: a few lines that add the widget's loader with its id
 * (a script tag cannot carry the loader's data-widget-id attribute; served by the visitor module).
 */
export const SHOPIFY_LOADER_PATH = "/widget/shopify-loader.js";

export const shopifyLoaderUrl = (publicUrl: string, widgetId: string) =>
  `${publicUrl.replace(/\/$/, "")}${SHOPIFY_LOADER_PATH}?widgetID=${encodeURIComponent(widgetId)}`;

/** The company's shop (the orders module's), or null when none is connected and active. */
export type ShopClientFor = (companyId: string) => Promise<ShopifyClient | null>;

/** Shopify's refusal as the admin reads it. */
function shopRefusal(error: unknown): AppError {
  if (error instanceof IntegrationError && error.kind === "auth") {
    return new AppError(
      "FORBIDDEN",
      "Shopify refused the app's access token, or it lacks the write_script_tags scope. Check the app in Shopify and try again.",
    );
  }
  if (error instanceof IntegrationError && error.kind === "invalid") {
    return new AppError(
      "UNPROCESSABLE",
      `Shopify refused the script tag${error.vendorMessage ? `: ${error.vendorMessage}` : "."}`,
    );
  }
  return new AppError("UNAVAILABLE", "Shopify is not answering. Please try again later.");
}

/**
 * "Enable widget on Shopify" (spec part 2 §2.3, issue #17 item 6): a script tag on the Online
 * Store that loads the widget, for vintage themes (Online Store 2.0 themes use an app embed the
 * merchant switches on in the theme editor, which the Activation page explains). The state is
 * Shopify's own: the widget is on when the shop has a script tag loading this widget's address,
 * so a tag removed in Shopify reads as off, and nothing is kept in Harbor that could disagree.
 */
export function createShopifyWidget(deps: { shopClientFor: ShopClientFor; publicUrl: string }) {
  async function clientOf(companyId: string) {
    const client = await deps.shopClientFor(companyId);
    if (!client) throw new AppError("CONFLICT", SHOPIFY_NOT_CONNECTED);
    return client;
  }

  return {
    async state(companyId: string, widgetId: string): Promise<ShopifyWidgetState> {
      const client = await deps.shopClientFor(companyId);
      if (!client) return { isConnected: false, isEnabled: false };
      try {
        const tags = await client.findScriptTags(shopifyLoaderUrl(deps.publicUrl, widgetId));
        return { isConnected: true, isEnabled: tags.length > 0 };
      } catch (error) {
        throw shopRefusal(error);
      }
    },

    /** Adds the script tag when there is none, else removes every one loading this widget. */
    async toggle(companyId: string, widgetId: string): Promise<ShopifyWidgetState> {
      const client = await clientOf(companyId);
      const src = shopifyLoaderUrl(deps.publicUrl, widgetId);
      try {
        const tags = await client.findScriptTags(src);
        if (tags.length === 0) {
          await client.createScriptTag(src);
          return { isConnected: true, isEnabled: true };
        }
        for (const tag of tags) await client.deleteScriptTag(tag.id);
        return { isConnected: true, isEnabled: false };
      } catch (error) {
        throw shopRefusal(error);
      }
    },
  };
}

export type ShopifyWidget = ReturnType<typeof createShopifyWidget>;
