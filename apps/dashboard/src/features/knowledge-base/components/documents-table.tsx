import type { KnowledgeDocument } from "@harbor/contract/knowledge";
import { Anchor, Box, Center, Group, Loader, Table, VisuallyHidden } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { texts } from "../../../lib/texts";
import { useLoadMoreNearBottom } from "../../../lib/use-load-more-near-bottom";
import { formatDate } from "../source-rules";
import { DocumentStatusBadges } from "./document-status";
import { DocumentThumbnail } from "./document-thumbnail";

const t = texts.knowledgeBase.documents;

type DocumentsTableProps = {
  documents: KnowledgeDocument[];
  /** Where a row leads; without it a row calls onOpen (the document modal). */
  linkTo?: (document: KnowledgeDocument) => string;
  onOpen: (document: KnowledgeDocument) => void;
  /** False while a call is in flight or once a page came back empty. */
  canLoadMore: boolean;
  onLoadMore: () => void;
  isLoadingMore: boolean;
};

/**
 * Documents in their own scroll container: the next page loads when it is scrolled to within 30 px
 * of its bottom. The title is a link or
 * button, so a row opens with the keyboard as well as a click.
 */
export function DocumentsTable(props: DocumentsTableProps) {
  const { documents, linkTo, onOpen, canLoadMore, onLoadMore, isLoadingMore } = props;
  const navigate = useNavigate();
  const open = (document: KnowledgeDocument) => (linkTo ? navigate(linkTo(document)) : onOpen(document));
  const { ref, onScroll } = useLoadMoreNearBottom<HTMLDivElement>({ canLoadMore, onLoadMore });
  return (
    <Box
      ref={ref}
      onScroll={onScroll}
      role="region"
      aria-label={t.region}
      // Focusable so the list scrolls with the keyboard even before a row has focus.
      tabIndex={0}
      mah="max(360px, calc(100dvh - 340px))"
      style={{ overflow: "auto", borderRadius: "var(--mantine-radius-md)" }}
      data-testid="documents-scroll"
    >
      <Table verticalSpacing="sm" highlightOnHover stickyHeader miw={680}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.title}</Table.Th>
            <Table.Th w={230}>{t.columns.status}</Table.Th>
            <Table.Th w={130} ta="right">
              {t.columns.timesUsed}
            </Table.Th>
            <Table.Th w={130}>{t.columns.updated}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((document) => (
            <Table.Tr
              key={document.reference_id}
              data-reference-id={document.reference_id}
              style={{ cursor: "pointer" }}
              onClick={() => open(document)}
            >
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <DocumentThumbnail src={document.image} />
                  {linkTo ? (
                    <Anchor
                      component={Link}
                      to={linkTo(document)}
                      fw={600}
                      onClick={(event) => event.stopPropagation()}
                      style={{ overflowWrap: "anywhere" }}
                    >
                      {document.title || t.untitled}
                    </Anchor>
                  ) : (
                    <Anchor
                      component="button"
                      type="button"
                      ta="left"
                      fw={600}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(document);
                      }}
                      style={{ overflowWrap: "anywhere" }}
                    >
                      {document.title || t.untitled}
                    </Anchor>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <DocumentStatusBadges document={document} />
              </Table.Td>
              <Table.Td ta="right">{document.times_used}</Table.Td>
              <Table.Td>{formatDate(document.updated_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {isLoadingMore ? (
        <Center role="status" py="sm">
          <Loader size="sm" />
          <VisuallyHidden>{t.loadingMore}</VisuallyHidden>
        </Center>
      ) : null}
    </Box>
  );
}
