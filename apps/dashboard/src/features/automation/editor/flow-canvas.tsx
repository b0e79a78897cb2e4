import "@xyflow/react/dist/style.css";
import { Badge, Paper, Stack, Text } from "@mantine/core";
import {
  Background,
  Controls,
  type Edge,
  Handle,
  type Node,
  type NodeProps,
  type NodeTypes,
  Position,
  ReactFlow,
  useReactFlow,
} from "@xyflow/react";
import { useEffect, useMemo } from "react";
import { texts } from "../../../lib/texts";
import { branchesOf, type EditorNode } from "./draft";

const t = texts.automation.editor;

type ReplyNodeData = { index: number; node: EditorNode; hasError: boolean; isSelected: boolean };
type ReplyFlowNode = Node<ReplyNodeData, "reply">;

/** A node on the chart: its number, Start on the first, and its actions in order. */
function ReplyNodeView({ data }: NodeProps<ReplyFlowNode>) {
  const { index, node, hasError, isSelected } = data;
  return (
    <Paper
      withBorder
      p="xs"
      w={220}
      style={{
        borderColor: hasError ? "var(--mantine-color-red-8)" : isSelected ? "var(--mantine-color-blue-7)" : undefined,
        borderWidth: hasError || isSelected ? 2 : 1,
      }}
    >
      <Handle type="target" position={Position.Top} />
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {t.node(index)} {index === 0 ? <Badge size="xs">{t.start}</Badge> : null}
        </Text>
        {node.actions.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t.noActions}
          </Text>
        ) : (
          <ol style={{ margin: 0, paddingInlineStart: 18 }}>
            {node.actions.map((action) => (
              <li key={action._id}>
                <Text size="xs">{t.actionTypes[action.actionType]}</Text>
              </li>
            ))}
          </ol>
        )}
      </Stack>
      <Handle type="source" position={Position.Bottom} />
    </Paper>
  );
}

const nodeTypes: NodeTypes = { reply: ReplyNodeView };

type FlowCanvasProps = {
  nodes: EditorNode[];
  selectedNodeId: string | null;
  errorNodeIds: Set<string>;
  /** A node to bring into view (a problem was clicked); changes each time it is asked. */
  focusRequest: { nodeId: string; at: number } | null;
  onSelect: (nodeId: string) => void;
  onMove: (nodeId: string, position: { x: number; y: number }) => void;
  onLink: (sourceId: string, targetId: string) => void;
};

/**
 * The React Flow chart (decision 044): drag to move, drag a node's bottom handle to another node
 * to link them, the controls zoom and fit the chart to view. Loaded only with the editor route.
 */
export function FlowCanvas(props: FlowCanvasProps) {
  const { nodes, selectedNodeId, errorNodeIds, focusRequest, onSelect, onMove, onLink } = props;
  const flow = useReactFlow();
  const flowNodes = useMemo<ReplyFlowNode[]>(
    () =>
      nodes.map((node, index) => ({
        id: node._id,
        type: "reply",
        position: node.position,
        selected: node._id === selectedNodeId,
        ariaLabel: t.nodeLabel(index, node.actions.length),
        data: { index, node, hasError: errorNodeIds.has(node._id), isSelected: node._id === selectedNodeId },
      })),
    [nodes, selectedNodeId, errorNodeIds],
  );
  const edges = useMemo<Edge[]>(
    () =>
      nodes.flatMap((node) =>
        node.actions.flatMap((action) =>
          branchesOf(action).flatMap((branch, index) =>
            branch.nextNode?.nodeID
              ? [
                  {
                    id: `${action._id}-${index}`,
                    source: node._id,
                    target: branch.nextNode.nodeID,
                    label:
                      (branch.conditions ?? []).length === 0
                        ? texts.automation.editor.fields.elseBranch(index)
                        : texts.automation.editor.fields.branch(index),
                  },
                ]
              : [],
          ),
        ),
      ),
    [nodes],
  );

  // Centred at the zoom the admin chose: zooming in on every choice would lose their view.
  useEffect(() => {
    const node = focusRequest ? flow.getNode(focusRequest.nodeId) : undefined;
    if (!node) return;
    const x = node.position.x + (node.measured?.width ?? 220) / 2;
    const y = node.position.y + (node.measured?.height ?? 80) / 2;
    void flow.setCenter(x, y, { zoom: flow.getZoom(), duration: 200 });
  }, [focusRequest, flow]);

  return (
    <ReactFlow<ReplyFlowNode>
      aria-label={t.canvasLabel}
      nodes={flowNodes}
      edges={edges}
      nodeTypes={nodeTypes}
      fitView
      minZoom={0.2}
      maxZoom={2}
      onNodeClick={(_, node) => onSelect(node.id)}
      onNodesChange={(changes) => {
        for (const change of changes) {
          if (change.type === "position" && change.position) onMove(change.id, change.position);
          if (change.type === "select" && change.selected) onSelect(change.id);
        }
      }}
      onConnect={(connection) => {
        if (connection.source && connection.target) onLink(connection.source, connection.target);
      }}
      deleteKeyCode={null}
      proOptions={{ hideAttribution: true }}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}
