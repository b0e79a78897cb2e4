import { Alert, Button, Stack } from "@mantine/core";
import { IconAlertCircle, IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { findArticlesSource, useSources } from "../api/get-sources";
import { DocumentBrowser } from "../components/document-browser";
import { articleEditorPath, NEW_ARTICLE_PATH } from "../paths";

const t = texts.knowledgeBase.articles;

export function ArticlesPage() {
  const sources = useSources();
  const articlesSource = sources.data ? findArticlesSource(sources.data.sources) : undefined;

  return (
    <Stack>
      <PageHeader
        title={t.title}
        description={t.description}
        action={
          <Button component={Link} to={NEW_ARTICLE_PATH} leftSection={<IconPlus size={18} aria-hidden />}>
            {t.addArticle}
          </Button>
        }
      />
      {sources.isPending ? (
        <PageLoader label={texts.knowledgeBase.documents.loading} />
      ) : sources.isError ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(sources.error)}
        </Alert>
      ) : !articlesSource ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {t.sourceMissing}
        </Alert>
      ) : (
        <DocumentBrowser
          key={articlesSource._id}
          sourceID={articlesSource._id}
          linkTo={(document) => articleEditorPath(document.reference_id)}
          empty={{ title: t.emptyTitle, text: t.emptyText }}
        />
      )}
    </Stack>
  );
}
