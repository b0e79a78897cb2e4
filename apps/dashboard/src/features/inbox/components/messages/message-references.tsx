import type { Reference } from "@harbor/contract/ai-agent";
import { safeHttpURL } from "@harbor/contract/answer-links";
import { Anchor, Card, Group, SimpleGrid, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconExternalLink, IconFileText } from "@tabler/icons-react";
import { useId } from "react";
import { texts } from "../../../../lib/texts";
import { MessageImage, messageImageSrc } from "./message-image";

const t = texts.inbox.messages;

/** One source as a chip: a link to its page, or (a help article without an address) a labelled item that is not a link. */
function SourceChip({ reference }: { reference: Reference }) {
  const href = safeHttpURL(reference.url);
  return (
    <Group
      component="li"
      gap={6}
      wrap="nowrap"
      px="sm"
      py={4}
      maw="100%"
      data-source-kind={href ? "link" : "article"}
      style={{
        border: "1px solid var(--mantine-color-default-border)",
        borderRadius: "var(--mantine-radius-xl)",
        background: "var(--mantine-color-body)",
      }}
    >
      {href ? (
        <>
          <IconExternalLink size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" dir="auto" truncate>
            {reference.title}
            <VisuallyHidden>{texts.common.opensInNewTab}</VisuallyHidden>
          </Anchor>
        </>
      ) : (
        <>
          <IconFileText size={14} aria-hidden style={{ flexShrink: 0 }} color="var(--mantine-color-dimmed)" />
          <Text span size="xs" c="dimmed" fw={600}>
            {t.article}
          </Text>
          <Text span size="sm" dir="auto" truncate>
            {reference.title}
          </Text>
        </>
      )}
    </Group>
  );
}

/**
 * Spec part 1 §9: shopify-products references as image cards, the others as source chips (http(s)
 * only), each group under its visible label so they do not read as loose lines under the answer.
 */
export function MessageReferences({ references }: { references: Reference[] }) {
  const id = useId();
  const products = references.filter((reference) => reference.sourceType === "shopify-products");
  const links = references.filter((reference) => reference.sourceType !== "shopify-products");
  return (
    <Stack gap={6} maw={{ base: "92%", sm: "80%" }} w="100%">
      {products.length > 0 ? (
        <Stack gap={4}>
          <Text id={`${id}-products`} size="xs" c="dimmed" fw={600}>
            {t.products}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" aria-labelledby={`${id}-products`} role="list">
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
        </Stack>
      ) : null}
      {links.length > 0 ? (
        <Stack gap={4}>
          <Text id={`${id}-sources`} size="xs" c="dimmed" fw={600}>
            {t.sources}
          </Text>
          <Group
            gap="xs"
            component="ul"
            aria-labelledby={`${id}-sources`}
            style={{ listStyle: "none", padding: 0, margin: 0 }}
          >
            {links.map((reference) => (
              <SourceChip key={`${reference.url}-${reference.title}`} reference={reference} />
            ))}
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
