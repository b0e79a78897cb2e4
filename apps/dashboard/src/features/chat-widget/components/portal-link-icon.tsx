import type { PortalLinkIcon as PortalLinkIconName } from "@harbor/contract/widget";
import {
  type Icon,
  IconArrowBack,
  IconCreditCard,
  IconGift,
  IconHelp,
  IconLink,
  IconMessage,
  IconPackage,
  IconTruck,
  IconUser,
} from "@tabler/icons-react";

const ICONS: Record<PortalLinkIconName, Icon> = {
  package: IconPackage,
  truck: IconTruck,
  "arrow-back": IconArrowBack,
  "credit-card": IconCreditCard,
  user: IconUser,
  message: IconMessage,
  help: IconHelp,
  gift: IconGift,
};

/** A portal link's icon by its stored name; an unknown name (set elsewhere) shows a plain link. */
export function PortalLinkIcon({ name, size = 20 }: { name: string; size?: number }) {
  const LinkIcon = ICONS[name as PortalLinkIconName] ?? IconLink;
  return <LinkIcon size={size} aria-hidden />;
}
