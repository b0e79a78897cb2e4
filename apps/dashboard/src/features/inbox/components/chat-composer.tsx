import { STAFF_REPLY_MAX } from "@harbor/contract/chat";
import { Box, Button, Group, SegmentedControl, Text, Textarea } from "@mantine/core";
import { IconNote, IconSend } from "@tabler/icons-react";
import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from "react";
import { texts } from "../../../lib/texts";
import type { StaffMessageKind } from "../api/send-staff-message";
import { createTypingSignal } from "../typing-signal";

const t = texts.inbox.takeover.composer;

/** What is written in a chat's reply box; kept per chat while the inbox is open. */
export type ComposerDraft = { kind: StaffMessageKind; text: string };
export const EMPTY_DRAFT: ComposerDraft = { kind: "reply", text: "" };

type ChatComposerProps = {
  chatID: string;
  draft: ComposerDraft;
  onDraftChange: (draft: ComposerDraft) => void;
  textareaRef: Ref<HTMLTextAreaElement>;
  onSend: (kind: StaffMessageKind, message: string) => void;
  /** Tells the others (the visitor and colleagues) that a reply is being typed. */
  onTyping: (chatID: string, isTyping: boolean) => void;
};

/**
 * The reply box under the chat (human takeover): a reply to the customer or an internal note.
 * Enter sends and Shift+Enter starts a new line; Escape leaves the box, so the inbox's keys work
 * again. Only replies say "typing": a note is no news to the visitor. Rendered per chat (keyed);
 * the draft is held above it, so it waits for its chat while another is open.
 */
export function ChatComposer({ chatID, draft, onDraftChange, textareaRef, onSend, onTyping }: ChatComposerProps) {
  const { kind, text } = draft;
  const hintID = useId();
  const latestOnTyping = useRef(onTyping);
  latestOnTyping.current = onTyping;
  const [typing] = useState(() => createTypingSignal((isTyping) => latestOnTyping.current(chatID, isTyping)));
  useEffect(() => () => typing.stop(), [typing]);

  const isNote = kind === "note";
  const submit = () => {
    const message = text.trim();
    if (!message) return;
    typing.stop();
    onSend(kind, message);
    onDraftChange({ kind, text: "" });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.currentTarget.blur();
      return;
    }
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Box
      component="form"
      aria-label={t.region}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      p="sm"
      style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
    >
      {/* The box first and one row of controls under it: the composer stays low, the conversation keeps the height. */}
      <Textarea
        ref={textareaRef}
        aria-label={isNote ? t.noteLabel : t.replyLabel}
        aria-describedby={hintID}
        placeholder={isNote ? t.notePlaceholder : t.replyPlaceholder}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={STAFF_REPLY_MAX}
        value={text}
        onChange={(event) => {
          onDraftChange({ kind, text: event.currentTarget.value });
          if (!isNote) typing.input();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => typing.stop()}
        styles={isNote ? { input: { background: "var(--mantine-color-yellow-0)" } } : undefined}
        data-mode={kind}
      />
      <Group justify="space-between" gap="xs" mt={6} wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <SegmentedControl
            size="xs"
            aria-label={t.mode}
            value={kind}
            onChange={(value) => {
              if (value === "note") typing.stop();
              onDraftChange({ kind: value as StaffMessageKind, text });
            }}
            data={[
              { value: "reply", label: t.modes.reply },
              { value: "note", label: t.modes.note },
            ]}
          />
          {/* Shown where it fits on the row; screen readers always get it (aria-describedby), and ? lists every key. */}
          <Text id={hintID} size="xs" c="dimmed" visibleFrom="xl">
            {t.hint}
          </Text>
        </Group>
        <Button
          type="submit"
          size="xs"
          disabled={!text.trim()}
          leftSection={isNote ? <IconNote size={16} aria-hidden /> : <IconSend size={16} aria-hidden />}
        >
          {isNote ? t.addNote : t.send}
        </Button>
      </Group>
    </Box>
  );
}
