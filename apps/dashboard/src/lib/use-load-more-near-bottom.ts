import { useCallback, useEffect, useRef } from "react";

/** Load-more threshold of the inbox and documents lists (spec part 1 §9). */
export const LOAD_MORE_THRESHOLD_PX = 30;

/** True when the container is laid out and scrolled to within the threshold of its bottom. */
export function isNearBottom(element: HTMLElement): boolean {
  if (element.clientHeight === 0) return false;
  return element.scrollHeight - element.scrollTop - element.clientHeight <= LOAD_MORE_THRESHOLD_PX;
}

type LoadMoreOptions = {
  /** False while a call is in flight or once an empty page came back. */
  canLoadMore: boolean;
  onLoadMore: () => void;
};

/**
 * Infinite loading for a scroll container: calls onLoadMore when the user scrolls to within 30 px of
 * its bottom, and again after a page arrives while the list still does not reach that far.
 */
export function useLoadMoreNearBottom<T extends HTMLElement>({ canLoadMore, onLoadMore }: LoadMoreOptions) {
  const ref = useRef<T>(null);
  const check = useCallback(() => {
    const element = ref.current;
    if (element && canLoadMore && isNearBottom(element)) onLoadMore();
  }, [canLoadMore, onLoadMore]);

  useEffect(() => {
    check();
  }, [check]);

  return { ref, onScroll: check };
}
