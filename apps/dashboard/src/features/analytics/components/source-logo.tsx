import type { SourceType } from "@harbor/contract/knowledge";
import { ThemeIcon } from "@mantine/core";
import { type Icon, IconArticle, IconLifebuoy, IconNews, IconShoppingBag, IconWorld } from "@tabler/icons-react";

const LOGOS: Record<SourceType, { icon: Icon; color: string }> = {
  "macha-article": { icon: IconArticle, color: "indigo" },
  "shopify-products": { icon: IconShoppingBag, color: "green" },
  "zendesk-hc": { icon: IconLifebuoy, color: "teal" },
  "zendesk-hc-api": { icon: IconLifebuoy, color: "teal" },
  "zendesk-macro": { icon: IconLifebuoy, color: "teal" },
  website: { icon: IconWorld, color: "blue" },
  blog: { icon: IconNews, color: "grape" },
};

/** A source's logo by its type (spec part 2 §2.4); decorative, the title says which source it is. */
export function SourceLogo({ sourceType }: { sourceType: SourceType }) {
  const { icon: LogoIcon, color } = LOGOS[sourceType];
  return (
    <ThemeIcon variant="light" color={color} size={36} radius="md" aria-hidden>
      <LogoIcon size={20} />
    </ThemeIcon>
  );
}
