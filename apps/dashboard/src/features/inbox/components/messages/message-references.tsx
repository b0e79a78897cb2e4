import type { Reference } from "@harbor/contract/ai-agent";
import { Anchor, Card, Group, SimpleGrid, Stack, Text, VisuallyHidden } from "@mantine/core";
import { safeHttpURL } from "../../../../lib/safe-http-url";
import { texts } from "../../../../lib/texts";
import { MessageImage, messageImageSrc } from "./message-image";

const t = texts.inbox.messages;

/** Spec part 1 §9: shopify-products references as image cards, the others as links (http(s) only). */
export function MessageReferences({ references }: { references: Reference[] }) {
  const products = references.filter((reference) => reference.sourceType === "shopify-products");
  const links = references.filter((reference) => reference.sourceType !== "shopify-products");
  return (
    <Stack gap={6} maw={{ base: "92%", sm: "80%" }} w="100%">
      {products.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" aria-label={t.products} role="list">
          {products.map((reference) => {
            const href = safeHttpURL(reference.url);
            const image = messageImageSrc(reference.image);
            return (
              <Card key={`${reference.url}-${reference.title}`} withBorder padding="xs" radius="md" role="listitem">
                {image ? (
                  <Card.Section>
                    <MessageImage src={image} alt={t.productImage(reference.title)} h={90} fit="cover" />
                  </Card.Section>
                ) : null}
                {href ? (
                  <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" mt={6} dir="auto">
                    {reference.title}
                    <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
                  </Anchor>
                ) : (
                  <Text size="sm" mt={6} dir="auto">
                    {reference.title}
                  </Text>
                )}
              </Card>
            );
          })}
        </SimpleGrid>
      ) : null}
      {links.length > 0 ? (
        <Group gap="xs" component="ul" aria-label={t.sources} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {links.map((reference) => {
            const href = safeHttpURL(reference.url);
            return (
              <li key={`${reference.url}-${reference.title}`}>
                {href ? (
                  <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" dir="auto">
                    {reference.title}
                    <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
                  </Anchor>
                ) : (
                  <Text size="sm" dir="auto">
                    {reference.title}
                  </Text>
                )}
              </li>
            );
          })}
        </Group>
      ) : null}
    </Stack>
  );
}
