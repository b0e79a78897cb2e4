import type { DocumentFilter, KnowledgeDocument } from "@harbor/contract/knowledge";
import { Alert, Group, Paper, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconFileText, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { PageLoader } from "../../../components/page-loader";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { useDocumentList } from "../api/get-documents";
import { DocumentModal } from "./document-modal";
import { DocumentsTable } from "./documents-table";

const t = texts.knowledgeBase;
const FILTERS: DocumentFilter[] = ["all", "active", "inactive"];

type DocumentBrowserProps = {
  sourceID: string;
  /** The all / active / inactive control (the source detail has it, the articles list does not). */
  withFilter?: boolean;
  /** Where a row leads (the article editor); without it a row opens the document modal. */
  linkTo?: (document: KnowledgeDocument) => string;
  /** What the zero state says when the source has no documents at all. */
  empty: { title: string; text: string };
};

/**
 * Search (runs on Enter), filter, count and the infinitely loading table of one source's documents.
 * A new search or filter is a new list that starts over at page 1.
 */
export function DocumentBrowser({ sourceID, withFilter = false, linkTo, empty }: DocumentBrowserProps) {
  const [searchInput, setSearchInput] = useState("");
  const [searchTerm, setSearchTerm] = useState("");
  const [filter, setFilter] = useState<DocumentFilter>("all");
  const list = useDocumentList({ sourceID, searchTerm, filter });
  const documents = list.data?.pages.flatMap((page) => page.documents) ?? [];
  const totalCount = list.data?.pages[0]?.totalCount ?? 0;
  const isTotalCapped = list.data?.pages[0]?.isTotalCapped ?? false;
  const isNarrowed = searchTerm !== "" || filter !== "all";
  // The opened document stays set while the modal closes, so its content does not vanish during the
  // fade-out; the list's copy is shown, so toggles and updates show up in the modal at once.
  const [opened, setOpened] = useState<{ isOpen: boolean; document: KnowledgeDocument | null }>({
    isOpen: false,
    document: null,
  });
  const openedDocument = opened.document
    ? (documents.find((item) => item.reference_id === opened.document?.reference_id) ?? opened.document)
    : null;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" flex={1} miw={0}>
          <search style={{ flex: "1 1 240px", maxWidth: 360 }}>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                setSearchTerm(searchInput.trim());
              }}
            >
              <TextInput
                aria-label={t.sourceDetail.searchLabel}
                placeholder={t.sourceDetail.searchPlaceholder}
                type="search"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={searchInput}
                onChange={(event) => setSearchInput(event.currentTarget.value)}
              />
            </form>
          </search>
          {withFilter ? (
            <SegmentedControl
              aria-label={t.sourceDetail.filterLabel}
              value={filter}
              onChange={(value) => setFilter(value as DocumentFilter)}
              data={FILTERS.map((value) => ({ value, label: t.sourceDetail.filters[value] }))}
            />
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" role="status" data-testid="document-count">
          {list.isSuccess ? t.sourceDetail.documentCount(totalCount, isTotalCapped) : null}
        </Text>
      </Group>
      <Paper withBorder radius="lg" p={{ base: "xs", sm: "md" }}>
        {list.isPending ? (
          <PageLoader label={t.documents.loading} />
        ) : list.isError ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {errorMessage(list.error)}
          </Alert>
        ) : documents.length === 0 ? (
          <EmptyState
            icon={<IconFileText size={30} />}
            title={isNarrowed ? t.documents.noMatchTitle : empty.title}
            text={isNarrowed ? t.documents.noMatchText : empty.text}
            headingOrder={3}
          />
        ) : (
          <DocumentsTable
            documents={documents}
            linkTo={linkTo}
            onOpen={(document) => setOpened({ isOpen: true, document })}
            canLoadMore={list.hasNextPage && !list.isFetching}
            onLoadMore={() => void list.fetchNextPage({ cancelRefetch: false })}
            isLoadingMore={list.isFetchingNextPage}
          />
        )}
      </Paper>
      {linkTo ? null : (
        <DocumentModal
          opened={opened.isOpen}
          document={openedDocument}
          onClose={() => setOpened((state) => ({ ...state, isOpen: false }))}
        />
      )}
    </Stack>
  );
}
