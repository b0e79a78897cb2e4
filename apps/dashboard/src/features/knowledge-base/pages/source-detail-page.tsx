import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconDatabaseOff, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageLoader } from "../../../components/page-loader";
import { errorMessage } from "../../../lib/api-client";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useSources } from "../api/get-sources";
import { DeleteSourceModal } from "../components/delete-source-modal";
import { DocumentBrowser } from "../components/document-browser";
import { EditSourceModal } from "../components/edit-source-modal";
import { KbBreadcrumbs } from "../components/kb-breadcrumbs";
import { PageErrorsModal } from "../components/page-errors-modal";
import { SourceStatusBadge } from "../components/source-status-badge";
import { SourceSyncProblems } from "../components/source-sync-problems";
import { SOURCES_PATH } from "../paths";

const t = texts.knowledgeBase.sourceDetail;
const kb = texts.knowledgeBase;

export function SourceDetailPage() {
  const { sourceID = "" } = useParams();
  const sources = useSources();
  const navigate = useNavigate();
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [isEditOpen, setEditOpen] = useState(false);
  const [isPageErrorsOpen, setPageErrorsOpen] = useState(false);

  if (sources.isPending) return <PageLoader label={t.loading} />;
  if (sources.isError) {
    return (
      <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
        {errorMessage(sources.error)}
      </Alert>
    );
  }
  const source = sources.data.sources.find((item) => item._id === sourceID);
  if (!source) {
    return (
      <EmptyState
        icon={<IconDatabaseOff size={30} />}
        title={t.notFoundTitle}
        text={t.notFoundText}
        action={
          <Button component={Link} to={SOURCES_PATH} variant="light">
            {t.backToSources}
          </Button>
        }
      />
    );
  }
  const isArticles = source.sourceType === "macha-article";

  return (
    <Stack>
      <title>{texts.pageTitle(source.name)}</title>
      <KbBreadcrumbs parent={{ label: kb.menu.sources, to: SOURCES_PATH }} current={source.name} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} miw={0}>
          <Group gap="sm">
            <Title order={2} style={{ overflowWrap: "anywhere" }}>
              {source.name}
            </Title>
            <SourceStatusBadge source={source} />
          </Group>
          <Text size="sm" c="dimmed">
            {kb.sourceTypes[source.sourceType]}
          </Text>
          <SourceSyncProblems source={source} onShowPageErrors={() => setPageErrorsOpen(true)} />
        </Stack>
        {/* The articles source always exists (spec part 1 §3); only sources added here can go. */}
        {isArticles ? null : (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPencil size={18} aria-hidden />}
              onClick={() => setEditOpen(true)}
            >
              {kb.editSource.open}
            </Button>
            <Button
              variant="default"
              c="red.9"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => setDeleteOpen(true)}
            >
              {t.deleteSource}
            </Button>
          </Group>
        )}
      </Group>
      <DocumentBrowser
        key={source._id}
        sourceID={source._id}
        withFilter
        empty={{ title: kb.documents.emptyTitle, text: kb.documents.emptyText }}
      />
      <DeleteSourceModal
        opened={isDeleteOpen}
        source={source}
        onClose={() => setDeleteOpen(false)}
        onDeleted={() => navigate(SOURCES_PATH, { replace: true })}
      />
      <EditSourceModal
        opened={isEditOpen}
        source={source}
        onClose={() => setEditOpen(false)}
        onSaved={() => {
          setEditOpen(false);
          notifySuccess({ message: kb.editSource.saved });
        }}
      />
      <PageErrorsModal opened={isPageErrorsOpen} source={source} onClose={() => setPageErrorsOpen(false)} />
    </Stack>
  );
}
