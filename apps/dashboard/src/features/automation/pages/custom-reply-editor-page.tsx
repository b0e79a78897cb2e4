import type { DataModel } from "@harbor/contract/ai-agent";
import { CUSTOM_REPLY_NAME_MAX, type CustomReply } from "@harbor/contract/automation";
import type { CustomReplyActionType } from "@harbor/contract/custom-reply-actions";
import {
  checkCustomReplyGraph,
  type DraftAction,
  type GraphProblem,
  graphErrors,
} from "@harbor/contract/custom-reply-graph";
import type { Source } from "@harbor/contract/knowledge";
import {
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconAlertTriangle, IconPlus } from "@tabler/icons-react";
import { ReactFlowProvider } from "@xyflow/react";
import { useMemo, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { LoadFailure } from "../../../components/load-failure";
import { PageLoader } from "../../../components/page-loader";
import { UnsavedChangesGuard } from "../../../components/unsaved-changes-guard/unsaved-changes-guard";
import { errorMessage } from "../../../lib/api-client";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDataModels } from "../../ai-agent/api/get-data-models";
import { useSources } from "../../knowledge-base/api/get-sources";
import { useCustomReply } from "../api/get-custom-reply";
import { useSaveCustomReply } from "../api/save-custom-reply";
import {
  type EditorNode,
  graphSnapshot,
  linkNodes,
  moveItem,
  newAction,
  newId,
  removeNode,
  type Selection,
  toEditorNodes,
} from "../editor/draft";
import { FlowCanvas } from "../editor/flow-canvas";
import { NodePanel } from "../editor/node-panel";
import { CUSTOM_REPLIES_PATH } from "../paths";

const t = texts.automation.editor;

/** Below this width the chart gives way to a list of nodes (decision 044). */
export const NODE_LIST_QUERY = "(max-width: 48em)";

/** /automation/custom-replies/:id: the flow editor of one custom reply (decision 044). */
export function CustomReplyEditorPage() {
  const { customReplyID = "" } = useParams();
  const reply = useCustomReply(customReplyID);
  const dataModels = useDataModels();
  const sources = useSources();

  if (reply.isPending) return <PageLoader label={t.loading} />;
  if (reply.isError) return <LoadFailure error={reply.error} onRetry={() => void reply.refetch()} />;
  return (
    <ReactFlowProvider>
      <ReplyEditor
        key={reply.data._id}
        reply={reply.data}
        dataModels={dataModels.data ?? []}
        sources={sources.data?.sources ?? []}
      />
    </ReactFlowProvider>
  );
}

function ReplyEditor({
  reply,
  dataModels,
  sources,
}: {
  reply: CustomReply;
  dataModels: DataModel[];
  sources: Source[];
}) {
  const save = useSaveCustomReply();
  const isNodeList = useMediaQuery(NODE_LIST_QUERY, false, { getInitialValueInEffect: false });
  const [name, setName] = useState(reply.name);
  const [isActive, setIsActive] = useState(reply.isActive);
  const [nodes, setNodes] = useState<EditorNode[]>(() => toEditorNodes(reply.nodes));
  const [saved, setSaved] = useState(() => graphSnapshot(reply.name, reply.isActive, toEditorNodes(reply.nodes)));
  const [selection, setSelection] = useState<Selection>(() =>
    reply.nodes[0] ? { nodeId: reply.nodes[0]._id, actionId: null } : null,
  );
  const [focusRequest, setFocusRequest] = useState<{ nodeId: string; at: number } | null>(null);
  const [saveBlocked, setSaveBlocked] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);
  const isPendingRef = useRef(false);

  const problems = useMemo(() => checkCustomReplyGraph(nodes), [nodes]);
  const errors = graphErrors(problems);
  const errorNodeIds = useMemo(() => new Set(errors.map((problem) => problem.nodeId)), [errors]);
  const isDirty = graphSnapshot(name, isActive, nodes) !== saved;
  const nameError = name.trim() === "" ? t.nameRequired : undefined;

  const updateNode = (nodeId: string, change: (node: EditorNode) => EditorNode) =>
    setNodes((current) => current.map((node) => (node._id === nodeId ? change(node) : node)));

  const addNode = () => {
    const last = nodes.at(-1);
    const node: EditorNode = {
      _id: newId(),
      actions: [],
      position: last ? { x: last.position.x + 60, y: last.position.y + 180 } : { x: 0, y: 0 },
    };
    setNodes((current) => [...current, node]);
    setSelection({ nodeId: node._id, actionId: null });
    setFocusRequest({ nodeId: node._id, at: Date.now() });
  };

  const focusProblem = (problem: GraphProblem) => {
    setSelection({ nodeId: problem.nodeId, actionId: problem.actionId ?? null });
    setFocusRequest({ nodeId: problem.nodeId, at: Date.now() });
  };

  const submit = async () => {
    if (isPendingRef.current) return;
    if (errors.length > 0 || nameError) {
      setSaveBlocked(true);
      problemsRef.current?.focus();
      return;
    }
    setSaveBlocked(false);
    isPendingRef.current = true;
    try {
      const result = await save.mutateAsync({
        customReplyID: reply._id,
        name: name.trim(),
        isActive,
        nodes: nodes.map(({ _id, position, actions }) => ({ _id, position, actions })),
      });
      const savedNodes = toEditorNodes(result.data.nodes);
      setNodes(savedNodes);
      setName(result.data.name);
      setSaved(graphSnapshot(result.data.name, result.data.isActive, savedNodes));
      notifySuccess({ message: t.saved });
    } catch {
      // The mutation's error is shown above the chart.
    } finally {
      isPendingRef.current = false;
    }
  };

  const panel = (
    <NodePanel
      nodes={nodes}
      selection={selection}
      problems={problems}
      dataModels={dataModels}
      sources={sources}
      onSelect={(next) => {
        setSelection(next);
        if (next) setFocusRequest({ nodeId: next.nodeId, at: Date.now() });
      }}
      onChangeActions={(nodeId, actions) => updateNode(nodeId, (node) => ({ ...node, actions }))}
      onAddAction={(nodeId, actionType: CustomReplyActionType) => {
        const action = newAction(actionType);
        // A condition stays last: a new action goes before it (the contract requires it last).
        updateNode(nodeId, (node) => {
          const last = node.actions.at(-1);
          const actions: DraftAction[] =
            last?.actionType === "condition" && actionType !== "condition"
              ? [...node.actions.slice(0, -1), action, last]
              : [...node.actions, action];
          return { ...node, actions };
        });
        setSelection({ nodeId, actionId: action._id });
      }}
      onMoveAction={(nodeId, from, to) =>
        updateNode(nodeId, (node) => ({ ...node, actions: moveItem(node.actions, from, to) }))
      }
      onRemoveAction={(nodeId, actionId) =>
        updateNode(nodeId, (node) => ({ ...node, actions: node.actions.filter((action) => action._id !== actionId) }))
      }
      onLink={(source, target) => setNodes((current) => linkNodes(current, source, target))}
      onRemoveNode={(nodeId) => {
        setNodes((current) => removeNode(current, nodeId));
        setSelection(null);
      }}
    />
  );

  return (
    <Stack>
      <title>{texts.pageTitle(reply.name)}</title>
      <UnsavedChangesGuard isDirty={isDirty} />
      <Breadcrumbs aria-label="Breadcrumb" separatorMargin={6}>
        <Anchor component={Link} to={CUSTOM_REPLIES_PATH} size="sm">
          {t.breadcrumb}
        </Anchor>
        <Text size="sm" aria-current="page" style={{ overflowWrap: "anywhere" }}>
          {reply.name}
        </Text>
      </Breadcrumbs>
      <Title order={2} style={{ overflowWrap: "anywhere" }}>
        {reply.name}
      </Title>
      <Group align="flex-end" gap="md">
        <TextInput
          label={t.name}
          required
          autoComplete="off"
          maxLength={CUSTOM_REPLY_NAME_MAX}
          value={name}
          error={nameError}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: "1 1 240px" }}
        />
        <Switch
          label={t.active}
          checked={isActive}
          onChange={(event) => setIsActive(event.currentTarget.checked)}
          mb={8}
        />
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={addNode}>
          {t.addNode}
        </Button>
        <Button onClick={() => void submit()} loading={save.isPending}>
          {t.save}
        </Button>
      </Group>
      {save.error ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      <ProblemsList
        problems={problems}
        nodes={nodes}
        blocked={saveBlocked}
        listRef={problemsRef}
        onFocus={focusProblem}
      />
      {nodes.length === 0 ? (
        <Paper withBorder p="lg">
          <Text size="sm">{t.noNodes}</Text>
        </Paper>
      ) : (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            {isNodeList ? (
              <NodeList
                nodes={nodes}
                errorNodeIds={errorNodeIds}
                selectedId={selection?.nodeId ?? null}
                onSelect={(nodeId) => setSelection({ nodeId, actionId: null })}
              />
            ) : (
              <Box h={560} style={{ border: "1px solid var(--mantine-color-gray-4)", borderRadius: 4 }}>
                <FlowCanvas
                  nodes={nodes}
                  selectedNodeId={selection?.nodeId ?? null}
                  errorNodeIds={errorNodeIds}
                  focusRequest={focusRequest}
                  onSelect={(nodeId) =>
                    setSelection((current) => (current?.nodeId === nodeId ? current : { nodeId, actionId: null }))
                  }
                  onMove={(nodeId, position) => updateNode(nodeId, (node) => ({ ...node, position }))}
                  onLink={(source, target) => setNodes((current) => linkNodes(current, source, target))}
                />
              </Box>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>{panel}</Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

/** Each problem names its node; choosing it selects and shows that node (and action). */
export function ProblemsList({
  problems,
  nodes,
  blocked,
  listRef,
  onFocus,
}: {
  problems: GraphProblem[];
  nodes: EditorNode[];
  blocked: boolean;
  listRef?: React.RefObject<HTMLDivElement | null>;
  onFocus: (problem: GraphProblem) => void;
}) {
  if (problems.length === 0) return null;
  const hasErrors = problems.some((problem) => problem.severity === "error");
  return (
    <Alert
      ref={listRef}
      tabIndex={-1}
      color={hasErrors ? "red" : "yellow"}
      icon={hasErrors ? <IconAlertCircle aria-hidden /> : <IconAlertTriangle aria-hidden />}
      title={t.problemsTitle(problems.length)}
      role={blocked ? "alert" : undefined}
    >
      {blocked && hasErrors ? (
        <Text size="sm" fw={600} mb={4}>
          {t.fixFirst}
        </Text>
      ) : null}
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {problems.map((problem, index) => (
          // A problem is its node, action, field and code; two alike are one line twice.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={`${problem.nodeId}-${problem.actionId}-${problem.field}-${problem.code}-${index}`}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              c={problem.severity === "error" ? "red.9" : "dark"}
              disabled={!nodes.some((node) => node._id === problem.nodeId)}
              onClick={() => onFocus(problem)}
            >
              {`${problem.severity === "error" ? t.errorLabel : t.warningLabel}: ${problem.message}`}
            </Anchor>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** On a phone the chart is too small to work in: its nodes as a list, each opening the panel. */
function NodeList({
  nodes,
  errorNodeIds,
  selectedId,
  onSelect,
}: {
  nodes: EditorNode[];
  errorNodeIds: Set<string>;
  selectedId: string | null;
  onSelect: (nodeId: string) => void;
}) {
  return (
    <Stack gap="xs" component="ol" aria-label={t.nodesListLabel} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {nodes.map((node, index) => (
        <li key={node._id}>
          <UnstyledButton
            onClick={() => onSelect(node._id)}
            aria-current={node._id === selectedId ? "true" : undefined}
            w="100%"
          >
            <Paper
              withBorder
              p="xs"
              style={{
                borderColor: errorNodeIds.has(node._id) ? "var(--mantine-color-red-8)" : undefined,
                borderWidth: node._id === selectedId ? 2 : 1,
              }}
            >
              <Text fw={600} size="sm">
                {t.node(index)}
                {index === 0 ? ` · ${t.start}` : ""}
                {errorNodeIds.has(node._id) ? ` · ${t.errorLabel}` : ""}
              </Text>
              <Text size="xs" c="dimmed">
                {node.actions.length === 0
                  ? t.noActions
                  : node.actions.map((action) => t.actionTypes[action.actionType]).join(" → ")}
              </Text>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
