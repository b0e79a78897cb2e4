import { WIDGET_IMAGE_TYPES } from "@harbor/contract/widget";
import { Avatar, Button, Group, Stack, Text } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useEffect, useId, useState } from "react";
import { SECONDARY_BUTTON, UploadButton } from "../../../components/upload-button";
import { texts } from "../../../lib/texts";
import { widgetPictureProblem } from "../widget-picture";

const t = texts.chatWidget.picture;

/** An object URL for a file, revoked when the file changes or the component goes. */
export function useObjectURL(file: File | null): string | null {
  const [url, setURL] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setURL(null);
      return;
    }
    const objectURL = URL.createObjectURL(file);
    setURL(objectURL);
    return () => URL.revokeObjectURL(objectURL);
  }, [file]);
  return url;
}

type WidgetPictureFieldProps = {
  label: string;
  alt: string;
  /** The saved picture. */
  url: string | null;
  /** A new picture that is not saved yet. */
  picture: File | null;
  onPictureChange: (picture: File | null) => void;
  /** Given where a saved picture may be removed: the removal is saved with Save Changes too. */
  removal?: { isRemoved: boolean; onChange: (isRemoved: boolean) => void };
};

/** One of the widget's pictures with a picker; the new one is uploaded with the page's Save Changes. */
export function WidgetPictureField({ label, alt, url, picture, onPictureChange, removal }: WidgetPictureFieldProps) {
  const labelID = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const previewURL = useObjectURL(picture);
  const isRemoved = removal?.isRemoved === true;
  const shownURL = previewURL ?? (isRemoved ? null : url);

  const pick = (file: File | null) => {
    if (!file) return;
    const fileProblem = widgetPictureProblem(file);
    setProblem(fileProblem);
    if (!fileProblem) {
      removal?.onChange(false);
      onPictureChange(file);
    }
  };

  return (
    <Group role="group" aria-labelledby={labelID} gap="md" align="center" wrap="nowrap">
      <Avatar src={shownURL} alt={shownURL ? alt : undefined} size={64} radius="md" color="harbor">
        <IconPhoto size={28} aria-hidden />
      </Avatar>
      <Stack gap={6} miw={0}>
        <Text id={labelID} size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs">
          <UploadButton accept={WIDGET_IMAGE_TYPES.join(",")} onPick={pick}>
            {shownURL ? t.change : t.upload}
          </UploadButton>
          {picture || isRemoved ? (
            <Button
              variant="subtle"
              size={SECONDARY_BUTTON.size}
              onClick={() => {
                onPictureChange(null);
                removal?.onChange(false);
              }}
            >
              {t.undo}
            </Button>
          ) : removal && url ? (
            <Button variant="subtle" size={SECONDARY_BUTTON.size} c="red.9" onClick={() => removal.onChange(true)}>
              {t.remove}
            </Button>
          ) : null}
        </Group>
        {problem ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {problem}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {picture ? t.newPicture : isRemoved ? t.removed : url ? t.hint : `${t.none}. ${t.hint}`}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
