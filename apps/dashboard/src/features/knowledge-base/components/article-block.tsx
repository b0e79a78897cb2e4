import { ActionIcon, Group, Textarea } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { texts } from "../../../lib/texts";
import { charactersLeft, type DraftBlock } from "../article-draft";
import { BlockCounter } from "./block-counter";

const t = texts.knowledgeBase.articleEditor;

type ArticleBlockProps = {
  block: DraftBlock;
  position: number;
  /** The only block of an article cannot be deleted. */
  canDelete: boolean;
  onChange: (content: string) => void;
  onDelete: () => void;
};

export function ArticleBlock({ block, position, canDelete, onChange, onDelete }: ArticleBlockProps) {
  const left = charactersLeft(block.content);
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Textarea
        id={`article-block-${block.key}`}
        label={t.block(position)}
        flex={1}
        autosize
        minRows={4}
        maxRows={16}
        value={block.content}
        onChange={(event) => onChange(event.currentTarget.value)}
        // The counter sits under the text and is read with it (aria-describedby).
        inputWrapperOrder={["label", "input", "description", "error"]}
        description={<BlockCounter left={left} />}
        error={left < 0}
      />
      <ActionIcon
        variant="subtle"
        color="red.9"
        size="lg"
        mt={26}
        aria-label={t.deleteBlock(position)}
        disabled={!canDelete}
        onClick={onDelete}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
