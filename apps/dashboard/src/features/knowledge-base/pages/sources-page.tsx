import type { Source } from "@harbor/contract/knowledge";
import { Alert, Button, Paper, Stack } from "@mantine/core";
import { IconAlertCircle, IconDatabase, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useSources } from "../api/get-sources";
import { useResyncSource } from "../api/resync-source";
import { AddSourceModal } from "../components/add-source-modal";
import { PageErrorsModal } from "../components/page-errors-modal";
import { SourcesTable } from "../components/sources-table";
import { activeHelpDesk } from "../source-rules";

const t = texts.knowledgeBase.sources;

/** The source stays set while the modal closes, so its title does not change during the fade-out. */
type PageErrorsState = { isOpen: boolean; source: Source | null };

export function SourcesPage() {
  const sources = useSources();
  const resync = useResyncSource();
  const [isAddOpen, setAddOpen] = useState(false);
  const [pageErrors, setPageErrors] = useState<PageErrorsState>({ isOpen: false, source: null });

  const startResync = (source: Source) => {
    if (resync.isPending) return;
    resync.mutate(
      { sourceID: source._id },
      {
        onSuccess: () => notifySuccess({ message: t.resyncStarted }),
        onError: (error) => notifyError({ message: errorMessage(error) }),
      },
    );
  };

  return (
    <Stack>
      <PageHeader
        title={t.title}
        description={t.description}
        action={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAddOpen(true)}>
            {t.addSource}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        {sources.isPending ? (
          <PageLoader label={t.loading} />
        ) : sources.isError ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {errorMessage(sources.error)}
          </Alert>
        ) : sources.data.sources.length === 0 ? (
          <EmptyState icon={<IconDatabase size={30} />} title={t.emptyTitle} text={t.emptyText} headingOrder={3} />
        ) : (
          <SourcesTable
            sources={sources.data.sources}
            onResync={startResync}
            resyncingID={resync.isPending ? (resync.variables?.sourceID ?? null) : null}
            onShowPageErrors={(source) => setPageErrors({ isOpen: true, source })}
          />
        )}
      </Paper>
      <AddSourceModal
        opened={isAddOpen}
        onClose={() => setAddOpen(false)}
        sources={sources.data?.sources ?? []}
        helpDesk={activeHelpDesk(sources.data?.integrations.zendesk ?? null)}
      />
      <PageErrorsModal
        opened={pageErrors.isOpen}
        source={pageErrors.source}
        onClose={() => setPageErrors((state) => ({ ...state, isOpen: false }))}
      />
    </Stack>
  );
}
