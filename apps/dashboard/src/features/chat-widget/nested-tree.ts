/**
 * A two-level list kept flat, where a child's `category` names its parent by the parent's key
 * (the portal's suggested questions name it by question text, the Order Issues by id). The
 * helpers behind the nested drag and drop of both lists; the server checks the same rules.
 */
export type TreeItem = { _id: string; category: string | null };
export type TreeNode<Item> = { item: Item; children: Item[] };
/** What a drop does: the item goes under `category` (null: the top level) at `index` among its new siblings. */
export type TreeMove = { itemID: string; category: string | null; index: number };

/** Prefix of the drop zone under a top-level item ("drop here to nest under it"). */
export const NEST_ZONE_PREFIX = "nest:";

export function buildTree<Item extends TreeItem>(
  items: readonly Item[],
  keyOf: (item: Item) => string,
): TreeNode<Item>[] {
  const parentKeys = new Set(items.filter((item) => item.category === null).map(keyOf));
  // A category naming no top-level item (not made by this app) is shown at the top level.
  const isTopLevel = (item: Item) => item.category === null || !parentKeys.has(item.category);
  return items.filter(isTopLevel).map((item) => ({
    item,
    children:
      item.category === null ? items.filter((child) => !isTopLevel(child) && child.category === keyOf(item)) : [],
  }));
}

export function hasChildrenIn<Item extends TreeItem>(
  items: readonly Item[],
  item: Item,
  keyOf: (item: Item) => string,
): boolean {
  return item.category === null && items.some((other) => other.category === keyOf(item));
}

/**
 * Turns a drop (the dragged item over an item or a nest zone) into the move to make, or null when
 * nothing changes or the drop breaks a rule: an item with children stays at the top level and
 * nothing nests under a child or itself. The index is the item's position among its new siblings
 * once it is there.
 */
export function treeMoveFromDrop<Item extends TreeItem>(
  items: readonly Item[],
  drop: { activeId: string; overId: string },
  keyOf: (item: Item) => string,
): TreeMove | null {
  const active = items.find((item) => item._id === drop.activeId);
  if (!active || drop.activeId === drop.overId) return null;
  const siblingsIn = (category: string | null) => items.filter((item) => item.category === category);
  const isParentOfOthers = hasChildrenIn(items, active, keyOf);

  if (drop.overId.startsWith(NEST_ZONE_PREFIX)) {
    const parent = items.find((item) => item._id === drop.overId.slice(NEST_ZONE_PREFIX.length));
    if (!parent || parent.category !== null || parent._id === active._id || isParentOfOthers) return null;
    if (active.category === keyOf(parent)) return null;
    return { itemID: active._id, category: keyOf(parent), index: siblingsIn(keyOf(parent)).length };
  }

  const over = items.find((item) => item._id === drop.overId);
  if (!over) return null;
  const category = over.category;
  if (category !== null && isParentOfOthers) return null;
  const index = siblingsIn(category).findIndex((item) => item._id === over._id);
  if (active.category === category) {
    // Within one group the dragged item takes the place of the one it is over.
    const from = siblingsIn(category).findIndex((item) => item._id === active._id);
    return from === index ? null : { itemID: active._id, category, index };
  }
  // Into another group it goes before the item it is over.
  return { itemID: active._id, category, index };
}

/** The list after a move (for the suggested questions, as the server will answer it). */
export function applyTreeMove<Item extends TreeItem>(
  items: readonly Item[],
  move: TreeMove,
  keyOf: (item: Item) => string,
): Item[] {
  const moved = items.find((item) => item._id === move.itemID);
  if (!moved) return [...items];
  const rest = items.filter((item) => item._id !== moved._id);
  const siblings = rest.filter((item) => item.category === move.category);
  const before = siblings[move.index];
  const after = siblings.at(-1) ?? rest.find((item) => item.category === null && keyOf(item) === move.category);
  let at = rest.length;
  if (before) at = rest.indexOf(before);
  else if (after) at = rest.indexOf(after) + 1;
  return [...rest.slice(0, at), { ...moved, category: move.category }, ...rest.slice(at)];
}
