import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { Link } from "react-router";
import { texts } from "../../../lib/texts";

type KbBreadcrumbsProps = { parent: { label: string; to: string }; current: string };

/** "Sources › {name}": a way back to the list, and where the user is. */
export function KbBreadcrumbs({ parent, current }: KbBreadcrumbsProps) {
  return (
    <nav aria-label={texts.knowledgeBase.breadcrumb}>
      <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: "wrap" }}>
        <Anchor component={Link} to={parent.to} size="sm">
          {parent.label}
        </Anchor>
        <Text size="sm" aria-current="page" style={{ overflowWrap: "anywhere" }}>
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
