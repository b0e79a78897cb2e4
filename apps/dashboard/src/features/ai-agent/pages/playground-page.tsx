import {
  PLAYGROUND_QUESTION_MAX,
  type PlaygroundRequest,
  type PlaygroundResponse,
  playgroundRequestSchema,
  type VisitorLanguage,
  visitorLanguageSchema,
} from "@harbor/contract/ai-agent";
import { Alert, Button, Group, NativeSelect, Paper, Stack, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconMessageQuestion, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { PageLoader } from "../../../components/page-loader";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useAskPlayground } from "../api/ask-playground";
import { PlaygroundResult } from "../components/playground-result";

const t = texts.aiAgent.playground;

/** "" lets the server detect the language from the question. */
type PlaygroundValues = { question: string; language: VisitorLanguage | "" };

function toRequest({ question, language }: PlaygroundValues): PlaygroundRequest {
  return { question: question.trim(), ...(language ? { language } : {}) };
}

/** /ai-agent/playground (not in the spec): try the agent on a question without a chat in the inbox. */
export function PlaygroundPage() {
  const ask = useAskPlayground();
  const [result, setResult] = useState<PlaygroundResponse | null>(null);
  const form = useForm<PlaygroundValues>({
    mode: "controlled",
    initialValues: { question: "", language: "" },
    validate: zodFormValidator(playgroundRequestSchema, toRequest),
  });

  const submit = form.onSubmit((values) => {
    if (ask.isPending) return;
    setResult(null);
    ask.mutate(toRequest(values), { onSuccess: ({ data }) => setResult(data) });
  });

  return (
    <Stack>
      <PageHeader title={t.title} description={t.description} />
      <Paper withBorder radius="lg" p="md">
        <form noValidate onSubmit={submit}>
          <Stack gap="sm">
            <Textarea
              label={t.question}
              placeholder={t.questionPlaceholder}
              description={t.questionHint}
              required
              autosize
              minRows={2}
              maxRows={8}
              maxLength={PLAYGROUND_QUESTION_MAX}
              {...form.getInputProps("question")}
              onKeyDown={(event) => {
                // Enter asks; Shift+Enter (and Enter while composing an IME character) types as usual.
                if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
                event.preventDefault();
                submit();
              }}
            />
            <Group align="flex-end" justify="space-between" gap="sm">
              <NativeSelect label={t.language} w={{ base: "100%", xs: 200 }} {...form.getInputProps("language")}>
                <option value="">{t.languages.auto}</option>
                {visitorLanguageSchema.options.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {t.languages[language]}
                  </option>
                ))}
              </NativeSelect>
              <Button type="submit" loading={ask.isPending} leftSection={<IconSend size={18} aria-hidden />}>
                {t.ask}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <section aria-label={t.result} aria-busy={ask.isPending}>
        <Stack>
          {ask.isError ? (
            <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
              {errorMessage(ask.error)}
            </Alert>
          ) : null}
          {result ? (
            <PlaygroundResult result={result} />
          ) : ask.isPending ? (
            <PageLoader label={t.asking} />
          ) : ask.isError ? null : (
            <Paper withBorder radius="lg">
              <EmptyState
                icon={<IconMessageQuestion size={30} />}
                title={t.emptyTitle}
                text={t.emptyText}
                headingOrder={3}
              />
            </Paper>
          )}
        </Stack>
      </section>
    </Stack>
  );
}
