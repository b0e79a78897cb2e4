import { useCallback, useState } from "react";

/**
 * Closing a modal whose form has unsaved edits asks first, like leaving the page does. The form
 * reports its dirty state through `changeDirty`; the modal's X, Escape and Cancel call
 * `requestClose`; a save calls `close`. Render `<UnsavedChangesModal guard={guard} />` beside it.
 */
export function useGuardedModalClose({
  onClose,
  onDirtyChange,
}: {
  onClose: () => void;
  /** For a page whose own guard also holds back navigation while the modal has edits. */
  onDirtyChange?: (isDirty: boolean) => void;
}) {
  const [isDirty, setDirty] = useState(false);
  const [isConfirmingClose, setConfirmingClose] = useState(false);
  const changeDirty = useCallback(
    (value: boolean) => {
      setDirty(value);
      onDirtyChange?.(value);
    },
    [onDirtyChange],
  );
  const close = () => {
    setConfirmingClose(false);
    changeDirty(false);
    onClose();
  };
  const requestClose = () => (isDirty ? setConfirmingClose(true) : close());
  const guard = { isBlocked: isConfirmingClose, proceed: close, cancel: () => setConfirmingClose(false) };
  return { changeDirty, close, requestClose, guard };
}
