import type { WidgetGetResponse } from "@harbor/contract/widget";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

async function linkHostsOf(companyId: string) {
  const { widgetId } = await h.app.services.widgetRepository.findOrCreate(companyId);
  const got = await h.api<WidgetGetResponse>("POST", "/api/widget/get", { body: { widgetID: widgetId } });
  return got.body.data.widget.linkHosts;
}

describe("the hosts a shop's answers may link to", () => {
  it("are its sources' hosts, its connected shop and help centre, and Harbor's own address; another shop's are not", async () => {
    const a = await h.signUp("owner@links-a.example");
    const b = await h.signUp("owner@links-b.example");
    expect(await linkHostsOf(a.companyId)).toEqual(["localhost"]);

    const source = { name: "Site", updateFrequency: "never", options: {} };
    await h.app.services.knowledgeRepository.createSource({
      ...source,
      companyId: a.companyId,
      sourceType: "website",
      url: "https://www.shop-a.example/help",
    });
    await h.app.services.knowledgeRepository.createSource({
      ...source,
      companyId: b.companyId,
      sourceType: "website",
      url: "https://shop-b.example/",
    });
    await h.app.services.integrationsRepository.save({
      companyId: a.companyId,
      app: "shopify",
      publicCredentials: { shopName: "shop-a.myshopify.com" },
      secrets: { adminApiAccessToken: "token" },
    });
    await h.app.services.integrationsRepository.save({
      companyId: a.companyId,
      app: "zendesk",
      isActive: false,
      publicCredentials: { domainName: "switched-off.zendesk.com" },
      secrets: {},
    });

    expect(await linkHostsOf(a.companyId)).toEqual(["localhost", "shop-a.example", "shop-a.myshopify.com"]);
    expect(await linkHostsOf(b.companyId)).toEqual(["localhost", "shop-b.example"]);
  });
});
