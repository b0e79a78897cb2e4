import { Button, FileButton } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { type ReactNode, useRef } from "react";

/**
 * A secondary action's look, shared by the buttons beside a form's fields ("Add Subsequent
 * message", "Upload picture", "Remove picture"): light, compact, small text.
 */
export const SECONDARY_BUTTON = { variant: "light", size: "compact-sm" } as const;

type UploadButtonProps = {
  /** MIME types the picker offers, e.g. "image/jpeg,image/png". */
  accept: string;
  onPick: (file: File | null) => void;
  icon?: ReactNode;
  children: ReactNode;
};

/**
 * Opens the file picker. It weighs what the other secondary buttons weigh: an upload is one step
 * of a form, not the page's main action. The picker is cleared after each pick, so picking the
 * same file again is noticed.
 */
export function UploadButton({
  accept,
  onPick,
  icon = <IconUpload size={16} aria-hidden />,
  children,
}: UploadButtonProps) {
  const resetPicker = useRef<() => void>(null);
  return (
    <FileButton
      accept={accept}
      resetRef={resetPicker}
      onChange={(file) => {
        resetPicker.current?.();
        onPick(file);
      }}
    >
      {(props) => (
        <Button {...props} {...SECONDARY_BUTTON} leftSection={icon}>
          {children}
        </Button>
      )}
    </FileButton>
  );
}
