import type { DataModel } from "@harbor/contract/ai-agent";
import { CUSTOM_REPLY_ACTION_TYPES } from "@harbor/contract/automation";
import type { CustomReplyActionType } from "@harbor/contract/custom-reply-actions";
import type { DraftAction, GraphProblem } from "@harbor/contract/custom-reply-graph";
import type { Source } from "@harbor/contract/knowledge";
import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowDown, IconArrowLeft, IconArrowUp, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { texts } from "../../../lib/texts";
import { ActionForm } from "./action-form";
import type { EditorNode, Selection } from "./draft";

const t = texts.automation.editor;
const p = t.panel;

type NodePanelProps = {
  nodes: EditorNode[];
  selection: Selection;
  problems: GraphProblem[];
  dataModels: DataModel[];
  sources: Source[];
  onSelect: (selection: Selection) => void;
  onChangeActions: (nodeId: string, actions: DraftAction[]) => void;
  onAddAction: (nodeId: string, actionType: CustomReplyActionType) => void;
  onMoveAction: (nodeId: string, from: number, to: number) => void;
  onRemoveAction: (nodeId: string, actionId: string) => void;
  onLink: (sourceId: string, targetId: string) => void;
  onRemoveNode: (nodeId: string) => void;
};

/**
 * The side panel: choose a node (the keyboard's way around the chart), its ordered actions,
 * a form per action, and linking to the next node without dragging (decision 044).
 */
export function NodePanel(props: NodePanelProps) {
  const { nodes, selection, problems, dataModels, onSelect } = props;
  const [newType, setNewType] = useState<CustomReplyActionType>("message_content");
  const [linkTarget, setLinkTarget] = useState("");
  const index = nodes.findIndex((node) => node._id === selection?.nodeId);
  const node = nodes[index];
  const nodeOptions = nodes.map((candidate, i) => ({ value: candidate._id, label: t.node(i) }));
  const action = node?.actions.find((candidate) => candidate._id === selection?.actionId);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="node-panel-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="node-panel-title">
          {node ? p.title(index) : p.chooseNode}
        </Title>
        <NativeSelect
          label={p.chooseNode}
          data={[{ value: "", label: p.chooseNodePlaceholder, disabled: true }, ...nodeOptions]}
          value={node?._id ?? ""}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onSelect(value ? { nodeId: value, actionId: null } : null);
          }}
        />
        {!node ? (
          <Text size="sm" c="dimmed">
            {p.empty}
          </Text>
        ) : action ? (
          <Stack gap="sm">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconArrowLeft size={14} aria-hidden />}
              style={{ alignSelf: "flex-start" }}
              onClick={() => onSelect({ nodeId: node._id, actionId: null })}
            >
              {p.back}
            </Button>
            <Title order={4} size="h5">
              {`${node.actions.indexOf(action) + 1}. ${t.actionTypes[action.actionType]}`}
            </Title>
            <ActionForm
              key={action._id}
              action={action}
              problems={problems.filter((problem) => problem.actionId === action._id)}
              dataModels={dataModels}
              sources={props.sources}
              nodeOptions={nodeOptions}
              onChange={(next) =>
                props.onChangeActions(
                  node._id,
                  node.actions.map((candidate) => (candidate._id === next._id ? next : candidate)),
                )
              }
            />
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text fw={600} size="sm" id="node-actions-title">
              {p.actions}
            </Text>
            {node.actions.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.noActions}
              </Text>
            ) : (
              <ol aria-labelledby="node-actions-title" style={{ margin: 0, paddingInlineStart: 20 }}>
                {node.actions.map((candidate, actionIndex) => {
                  const label = `${actionIndex + 1}. ${t.actionTypes[candidate.actionType]}`;
                  const hasError = problems.some(
                    (problem) => problem.actionId === candidate._id && problem.severity === "error",
                  );
                  return (
                    <li key={candidate._id}>
                      <Group gap={4} wrap="nowrap" justify="space-between">
                        <Text size="sm" c={hasError ? "red.8" : undefined}>
                          {t.actionTypes[candidate.actionType]}
                          {hasError ? ` (${t.errorLabel})` : ""}
                        </Text>
                        <Group gap={2} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={p.edit(label)}
                            onClick={() => onSelect({ nodeId: node._id, actionId: candidate._id })}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={p.moveUp(label)}
                            disabled={actionIndex === 0}
                            onClick={() => props.onMoveAction(node._id, actionIndex, actionIndex - 1)}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={p.moveDown(label)}
                            disabled={actionIndex === node.actions.length - 1}
                            onClick={() => props.onMoveAction(node._id, actionIndex, actionIndex + 1)}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red.9"
                            aria-label={p.remove(label)}
                            onClick={() => props.onRemoveAction(node._id, candidate._id)}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Group>
                    </li>
                  );
                })}
              </ol>
            )}
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <NativeSelect
                label={p.actionType}
                style={{ flex: 1 }}
                data={CUSTOM_REPLY_ACTION_TYPES.map((value) => ({ value, label: t.actionTypes[value] }))}
                value={newType}
                onChange={(event) => setNewType(event.currentTarget.value as CustomReplyActionType)}
              />
              <Button onClick={() => props.onAddAction(node._id, newType)}>{p.addAction}</Button>
            </Group>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <NativeSelect
                label={p.goesTo}
                description={p.linkHint}
                style={{ flex: 1 }}
                data={[{ value: "", label: p.goesToPlaceholder, disabled: true }, ...nodeOptions]}
                value={linkTarget}
                onChange={(event) => setLinkTarget(event.currentTarget.value)}
              />
              <Button
                variant="default"
                onClick={() => {
                  if (!linkTarget) return;
                  props.onLink(node._id, linkTarget);
                  setLinkTarget("");
                }}
              >
                {p.link}
              </Button>
            </Group>
            <Button
              variant="subtle"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              style={{ alignSelf: "flex-start" }}
              onClick={() => props.onRemoveNode(node._id)}
            >
              {p.removeNode}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
