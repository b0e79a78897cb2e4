import { useRef } from "react";

/**
 * The query's data, or the last data it had: a failed analytics call leaves the previous figures
 * on screen (spec part 2 §8: "other error responses in analytics do nothing visible").
 */
export function useLastData<T>(data: T | undefined): T | undefined {
  const last = useRef<T | undefined>(undefined);
  if (data !== undefined) last.current = data;
  return last.current;
}
