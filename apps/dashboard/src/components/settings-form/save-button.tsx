import { Button } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { texts } from "../../lib/texts";

/** The settings pages' one Save Changes button: off until something changed, busy while saving. */
export function SaveButton({ isChanged, isSaving }: { isChanged: boolean; isSaving: boolean }) {
  return (
    <Button
      type="submit"
      leftSection={<IconDeviceFloppy size={18} aria-hidden />}
      disabled={!isChanged}
      loading={isSaving}
    >
      {texts.common.saveChanges}
    </Button>
  );
}
