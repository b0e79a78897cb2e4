import { normalizeHost, safeHttpURL } from "@harbor/contract/answer-links";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import type { KnowledgeRepository } from "./knowledge.repository";

/**
 * The hosts a company's answers may link to (decision 030): the hosts of its knowledge sources
 * (the sites it told Harbor to read, so pages it vouches for), its connected shop's and help
 * centre's domains, and Harbor's own address (its portal pages and files). A page a crawl found
 * does not add its host: crawls stay on the source's host, and what a page links to is exactly
 * what a stranger can plant.
 */
export function createOwnLinkHosts(deps: {
  knowledge: Pick<KnowledgeRepository, "listSources">;
  integrations: Pick<IntegrationsRepository, "listActivePublic">;
  publicUrl: string;
}) {
  return async function ownLinkHosts(companyId: string): Promise<string[]> {
    const [sources, connections] = await Promise.all([
      deps.knowledge.listSources(companyId),
      deps.integrations.listActivePublic(companyId),
    ]);
    const hosts = [
      deps.publicUrl,
      ...sources.map(({ source }) => source.url),
      // The connected shop's domain and the help centre's (the names their settings keep them under).
      ...connections.flatMap(({ publicCredentials }) => [publicCredentials.shopName, publicCredentials.domainName]),
    ].flatMap((address) => {
      if (!address) return [];
      // A bare domain (a shop name) is read as https; an address with another scheme (articles' own) is no host.
      const url = /^[a-z][a-z0-9+.-]*:/i.test(address) ? safeHttpURL(address) : safeHttpURL(`https://${address}`);
      return url ? [normalizeHost(new URL(url).hostname)] : [];
    });
    return [...new Set(hosts)].sort();
  };
}

export type OwnLinkHosts = ReturnType<typeof createOwnLinkHosts>;
