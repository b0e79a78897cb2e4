import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";

export interface QueryCostOptions {
  schema: GraphQLSchema;
  document: DocumentNode;
  variables?: Record<string, unknown>;
  /** The answer's data: given, the actual cost (what came back); omitted, the requested cost. */
  data?: unknown;
}

/**
 * Shopify's documented calculated query cost: scalars and enums 0, objects 1, a connection
 * 2 + page size × the cost of one node. Requested cost uses `first`/`last`; actual cost counts the
 * nodes that came back. Good enough to make the fake refuse what Shopify refuses (over 1,000) and
 * to drive a realistic leaky bucket; Shopify's per-field overrides are not modelled.
 */
export function calculateQueryCost({ schema, document, variables = {}, data }: QueryCostOptions): number {
  const queryType = schema.getQueryType();
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (!queryType || !operation) return 0;
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const walker = new CostWalker({ fragments, variables, isActual: data !== undefined });
  return walker.selectionSetCost(operation.selectionSet, queryType, data);
}

interface WalkerContext {
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  isActual: boolean;
}

class CostWalker {
  constructor(private readonly context: WalkerContext) {}

  selectionSetCost(selectionSet: SelectionSetNode | undefined, type: GraphQLObjectType, data: unknown): number {
    return this.fields(selectionSet).reduce((total, field) => total + this.fieldCost(field, type, data), 0);
  }

  private fieldCost(field: FieldNode, parentType: GraphQLObjectType, data: unknown): number {
    const definition = parentType.getFields()[field.name.value];
    const type = definition ? getNamedType(definition.type) : undefined;
    if (!type || !isObjectType(type)) return 0;

    const value = this.context.isActual ? valueAt(data, field) : undefined;
    if (type.name.endsWith("Connection")) return this.connectionCost(field, type, value);
    if (Array.isArray(value)) {
      return value.reduce<number>(
        (total, item) => total + 1 + this.selectionSetCost(field.selectionSet, type, item),
        0,
      );
    }
    const isMissing = this.context.isActual && (value === null || value === undefined);
    return 1 + (isMissing ? 0 : this.selectionSetCost(field.selectionSet, type, value));
  }

  private connectionCost(field: FieldNode, type: GraphQLObjectType, value: unknown): number {
    let nodeCost = (_node: unknown) => 0;
    let nodesOf = (_connection: unknown): unknown[] => [];
    for (const child of this.fields(field.selectionSet)) {
      const childType = getNamedType(type.getFields()[child.name.value]?.type);
      if (child.name.value === "nodes" && isObjectType(childType)) {
        nodeCost = (node) => 1 + this.selectionSetCost(child.selectionSet, childType, node);
        nodesOf = (connection) => arrayAt(connection, child);
      }
      if (child.name.value === "edges" && isObjectType(childType)) {
        // The edge is free; its node is what costs.
        const nodeField = this.fields(child.selectionSet).find((edgeField) => edgeField.name.value === "node");
        const nodeType = getNamedType(childType.getFields().node?.type);
        if (nodeField && isObjectType(nodeType)) {
          nodeCost = (node) => 1 + this.selectionSetCost(nodeField.selectionSet, nodeType, node);
          nodesOf = (connection) => arrayAt(connection, child).map((edge) => valueAt(edge, nodeField));
        }
      }
    }
    if (!this.context.isActual) return 2 + this.pageSize(field) * nodeCost(undefined);
    return nodesOf(value).reduce<number>((total, node) => total + nodeCost(node), 2);
  }

  private pageSize(field: FieldNode): number {
    const argument = field.arguments?.find(({ name }) => name.value === "first" || name.value === "last");
    const size = argument ? this.literal(argument.value) : undefined;
    return typeof size === "number" ? size : 0;
  }

  private literal(node: ValueNode): unknown {
    if (node.kind === Kind.VARIABLE) return this.context.variables[node.name.value];
    if (node.kind === Kind.INT) return Number.parseInt(node.value, 10);
    return undefined;
  }

  /** Field selections, with fragments inlined (Harbor's schema slice has no interfaces or unions). */
  private fields(selectionSet: SelectionSetNode | undefined): FieldNode[] {
    if (!selectionSet) return [];
    return selectionSet.selections.flatMap((selection) => {
      if (selection.kind === Kind.FIELD) return [selection];
      if (selection.kind === Kind.INLINE_FRAGMENT) return this.fields(selection.selectionSet);
      return this.fields(this.context.fragments.get(selection.name.value)?.selectionSet);
    });
  }
}

function valueAt(data: unknown, field: FieldNode): unknown {
  if (typeof data !== "object" || data === null) return undefined;
  return (data as Record<string, unknown>)[field.alias?.value ?? field.name.value];
}

function arrayAt(data: unknown, field: FieldNode): unknown[] {
  const value = valueAt(data, field);
  return Array.isArray(value) ? value : [];
}
