import { UnsavedChangesModal } from "./unsaved-changes-modal";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard";

/** Drop-in guard for a screen: `<UnsavedChangesGuard isDirty={form.isDirty()} />`. */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }) {
  const guard = useUnsavedChangesGuard({ isDirty });
  return <UnsavedChangesModal guard={guard} />;
}
