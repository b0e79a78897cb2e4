import { ActionIcon, Group, Paper, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useId } from "react";
import { texts } from "../../../lib/texts";

/**
 * One figure with its definition: the info button shows it as a tooltip on hover, focus or touch,
 * and screen readers hear it as the button's description.
 */
export function FigureCard({ label, value, help }: { label: string; value: string; help: string }) {
  const helpId = useId();
  return (
    <Paper withBorder p="md" radius="md">
      <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Tooltip label={help} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={texts.analytics.insights.aboutFigure(label)}
            aria-describedby={helpId}
          >
            <IconInfoCircle size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <VisuallyHidden id={helpId}>{help}</VisuallyHidden>
      </Group>
      <Text fz={28} fw={700} lh={1.2} mt={4}>
        {value}
      </Text>
    </Paper>
  );
}
