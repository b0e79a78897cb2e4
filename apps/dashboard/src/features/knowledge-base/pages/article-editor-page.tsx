import {
  ARTICLE_BLOCK_BUDGET,
  ARTICLE_MAX_BLOCKS,
  ARTICLE_TITLE_MAX,
  type DocumentWithChunks,
  saveArticleRequestSchema,
} from "@harbor/contract/knowledge";
import { Alert, Button, Fieldset, Group, Paper, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { IconAlertCircle, IconDeviceFloppy, IconFileOff, IconPlus } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageLoader } from "../../../components/page-loader";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useDocument } from "../api/get-document";
import { findArticlesSource, useSources } from "../api/get-sources";
import { useSaveArticle } from "../api/save-article";
import {
  type ArticleDraft,
  blocksOverBudget,
  draftFrom,
  isDraftChanged,
  newBlock,
  toSaveArticleRequest,
} from "../article-draft";
import { ArticleBlock } from "../components/article-block";
import { InstructionFlagsAlert } from "../components/instruction-flags-alert";
import { KbBreadcrumbs } from "../components/kb-breadcrumbs";
import { ARTICLES_PATH, articleEditorPath } from "../paths";

const t = texts.knowledgeBase.articleEditor;
const validateRequest = zodFormValidator(saveArticleRequestSchema);

/**
 * /knowledge-base/articles/add (new) and /knowledge-base/articles/add/:referenceID (edit). A new
 * article may start from `?title=` (Analytics' unanswered questions: "Write an article").
 */
export function ArticleEditorPage() {
  const { referenceID } = useParams();
  const [searchParams] = useSearchParams();
  const sources = useSources();
  const articlesSource = sources.data ? findArticlesSource(sources.data.sources) : undefined;
  const article = useDocument(referenceID && articlesSource ? { sourceID: articlesSource._id, referenceID } : null);

  if (sources.isPending || (referenceID && articlesSource && article.isPending)) {
    return <PageLoader label={t.loading} />;
  }
  if (referenceID && article.error instanceof ApiError && article.error.status === 404) {
    return (
      <EmptyState
        icon={<IconFileOff size={30} />}
        title={t.notFoundTitle}
        text={t.notFoundText}
        action={
          <Button component={Link} to={ARTICLES_PATH} variant="light">
            {t.backToArticles}
          </Button>
        }
      />
    );
  }
  const failure = sources.error ?? (referenceID ? article.error : null);
  if (failure || !articlesSource) {
    return (
      <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
        {failure ? errorMessage(failure) : texts.knowledgeBase.articles.sourceMissing}
      </Alert>
    );
  }
  return (
    <ArticleEditor
      key={referenceID ?? "new"}
      referenceID={referenceID}
      article={referenceID ? (article.data ?? null) : null}
      prefilledTitle={referenceID ? "" : (searchParams.get("title") ?? "")}
    />
  );
}

type ArticleEditorProps = {
  referenceID: string | undefined;
  article: DocumentWithChunks | null;
  /** A new article's title to start from (saved with the article's first save). */
  prefilledTitle?: string;
};

function ArticleEditor({ referenceID, article, prefilledTitle = "" }: ArticleEditorProps) {
  const navigate = useNavigate();
  const saveArticle = useSaveArticle();
  const isPendingRef = useRef(false);
  // A prefilled title is where the article starts, not a change of the admin's: leaving asks nothing.
  const [loaded, setLoaded] = useState<ArticleDraft>(() => {
    const start = draftFrom(article);
    return prefilledTitle ? { ...start, title: prefilledTitle.slice(0, ARTICLE_TITLE_MAX) } : start;
  });
  const [draft, setDraft] = useState<ArticleDraft>(loaded);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [createdReferenceID, setCreatedReferenceID] = useState<string | null>(null);

  const isChanged = isDraftChanged(draft, loaded);
  const overBudget = blocksOverBudget(draft);
  const canSave = isChanged && overBudget.length === 0 && !saveArticle.isPending;

  // A new article, once saved, moves to its own address. This runs after the clean state is
  // rendered, so the unsaved-changes guard (a child, whose effects run first) lets it through.
  useEffect(() => {
    if (createdReferenceID) navigate(articleEditorPath(createdReferenceID), { replace: true });
  }, [createdReferenceID, navigate]);

  useEffect(() => {
    if (focusKey) document.getElementById(`article-block-${focusKey}`)?.focus();
  }, [focusKey]);

  const update = (change: Partial<ArticleDraft>) => setDraft((current) => ({ ...current, ...change }));

  const changeBlock = (key: string, content: string) =>
    setDraft((current) => ({
      ...current,
      blocks: current.blocks.map((block) => (block.key === key ? { ...block, content } : block)),
    }));

  const addBlock = () => {
    const block = newBlock();
    setDraft((current) => ({ ...current, blocks: [...current.blocks, block] }));
    setFocusKey(block.key);
  };

  const deleteBlock = (index: number) => {
    const removed = draft.blocks[index];
    if (!removed || draft.blocks.length <= 1) return;
    const blocks = draft.blocks.filter((_, position) => position !== index);
    setDraft({
      ...draft,
      blocks,
      deletedChunkIDs: removed.id ? [...draft.deletedChunkIDs, removed.id] : draft.deletedChunkIDs,
    });
    // Focus the block before the removed one, so keyboard users stay in the list.
    setFocusKey(blocks[Math.max(0, index - 1)]?.key ?? null);
  };

  const save = async () => {
    // A second save while the first is on its way is ignored.
    if (isPendingRef.current || !canSave) return;
    const request = toSaveArticleRequest(draft, referenceID);
    const problems = validateRequest(request);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    isPendingRef.current = true;
    try {
      const { data } = await saveArticle.mutateAsync(request);
      const saved = draftFrom(data);
      setLoaded(saved);
      setDraft(saved);
      notifySuccess({ message: t.saved });
      if (!referenceID) setCreatedReferenceID(data.reference_id);
    } catch (error) {
      notifyError({ message: errorMessage(error) });
    } finally {
      isPendingRef.current = false;
    }
  };

  const heading = referenceID ? t.editTitle : t.newTitle;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack>
        <title>{texts.pageTitle(draft.title.trim() || heading)}</title>
        <KbBreadcrumbs
          parent={{ label: texts.knowledgeBase.menu.articles, to: ARTICLES_PATH }}
          current={loaded.title.trim() || t.titlePlaceholder}
        />
        <Group justify="space-between" align="center">
          <Title order={2}>{heading}</Title>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            disabled={!canSave}
            loading={saveArticle.isPending}
          >
            {t.save}
          </Button>
        </Group>
        {overBudget.length > 0 ? (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
            {t.overBudget(overBudget)}
          </Alert>
        ) : null}
        <InstructionFlagsAlert flags={article?.instructionFlags ?? []} />
        <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
          <Stack gap="lg">
            <TextInput
              label={t.title}
              placeholder={t.titlePlaceholder}
              required
              autoComplete="off"
              value={draft.title}
              error={errors["document.title"]}
              onChange={(event) => {
                update({ title: event.currentTarget.value });
                setErrors((current) => ({ ...current, "document.title": "" }));
              }}
            />
            <Switch
              label={t.active}
              description={t.activeDescription}
              checked={draft.isActive}
              onChange={(event) => update({ isActive: event.currentTarget.checked })}
            />
            <Fieldset legend={t.blocks} variant="unstyled">
              <Text size="sm" c="dimmed" mb="sm">
                {t.blocksDescription(ARTICLE_BLOCK_BUDGET)}
              </Text>
              <Stack gap="md">
                {draft.blocks.map((block, index) => (
                  <ArticleBlock
                    key={block.key}
                    block={block}
                    position={index + 1}
                    canDelete={draft.blocks.length > 1}
                    onChange={(content) => changeBlock(block.key, content)}
                    onDelete={() => deleteBlock(index)}
                  />
                ))}
              </Stack>
              {errors["document.chunks"] ? (
                <Text size="sm" c="var(--mantine-color-error)" mt="xs">
                  {errors["document.chunks"]}
                </Text>
              ) : null}
              <Group mt="md">
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={addBlock}
                  disabled={draft.blocks.length >= ARTICLE_MAX_BLOCKS}
                >
                  {t.addBlock}
                </Button>
              </Group>
            </Fieldset>
          </Stack>
        </Paper>
      </Stack>
      <UnsavedChangesGuard isDirty={isChanged} />
    </form>
  );
}
