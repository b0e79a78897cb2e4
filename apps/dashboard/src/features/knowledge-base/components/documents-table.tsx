import type { KnowledgeDocument } from "@harbor/contract/knowledge";
import { Anchor, Box, Center, Group, Loader, VisuallyHidden } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { type ResponsiveColumn, ResponsiveTable } from "../../../components/responsive-table";
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
  const columns: ResponsiveColumn<KnowledgeDocument>[] = [
    {
      key: "title",
      header: t.columns.title,
      cell: (document) => (
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
      ),
    },
    {
      key: "status",
      header: t.columns.status,
      width: 230,
      cell: (document) => <DocumentStatusBadges document={document} />,
    },
    {
      key: "timesUsed",
      header: t.columns.timesUsed,
      width: 130,
      align: "right",
      cell: (document) => document.times_used,
    },
    { key: "updated", header: t.columns.updated, width: 130, cell: (document) => formatDate(document.updated_at) },
  ];
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
      <ResponsiveTable
        rows={documents}
        rowKey={(document) => document.reference_id}
        columns={columns}
        label={t.region}
        onRowClick={open}
        rowAttributes={(document) => ({ "data-reference-id": document.reference_id })}
        minWidth={680}
        isInScrollContainer
      />
      {isLoadingMore ? (
        <Center role="status" py="sm">
          <Loader size="sm" />
          <VisuallyHidden>{t.loadingMore}</VisuallyHidden>
        </Center>
      ) : null}
    </Box>
  );
}
