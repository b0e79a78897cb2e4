import { useCallback, useEffect } from "react";
import { type BlockerFunction, useBlocker } from "react-router";

export type UnsavedChangesGuard = {
  isBlocked: boolean;
  /** Leave anyway: the blocked navigation goes on and the changes are lost. */
  proceed: () => void;
  /** Stay on the screen with the changes. */
  cancel: () => void;
};

/**
 * Holds back in-app navigation (links, back/forward) while `isDirty`, and asks the browser to
 * confirm a reload or tab close. Needs a data router (createBrowserRouter + RouterProvider).
 * Only one guard may be active at a time in a router.
 */
export function useUnsavedChangesGuard({ isDirty }: { isDirty: boolean }): UnsavedChangesGuard {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      isDirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [isDirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);

  // The form became clean while the question was open: drop the stale question.
  useEffect(() => {
    if (blocker.state === "blocked" && !isDirty) blocker.reset();
  }, [blocker, isDirty]);

  return {
    isBlocked: blocker.state === "blocked",
    proceed: () => blocker.proceed?.(),
    cancel: () => blocker.reset?.(),
  };
}
