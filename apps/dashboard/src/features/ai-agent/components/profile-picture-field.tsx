import { Avatar, Button, Group, Stack, Text } from "@mantine/core";
import { IconCamera } from "@tabler/icons-react";
import { useEffect, useId, useState } from "react";
import { SECONDARY_BUTTON, UploadButton } from "../../../components/upload-button";
import { getInitials } from "../../../lib/initials";
import { texts } from "../../../lib/texts";
import { pictureFileProblem } from "../profile-picture";
import { CropPictureModal } from "./crop-picture-modal";

const t = texts.aiAgent.persona.picture;
const ACCEPTED_TYPES = "image/jpeg,image/png,image/webp";

/** An object URL for a file, revoked when the file changes or the component goes. */
function useObjectURL(file: File | null): string | null {
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

type ProfilePictureFieldProps = {
  /** The persona's name, for the initials and the picture's description. */
  name: string;
  /** The saved picture. */
  thumbnailURL: string | null;
  /** A new, cropped picture that is not saved yet. */
  picture: File | null;
  onPictureChange: (picture: File | null) => void;
};

/** The agent's picture (or initials) with a picker; a picked picture is cropped square before it is kept. */
export function ProfilePictureField({ name, thumbnailURL, picture, onPictureChange }: ProfilePictureFieldProps) {
  const labelID = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [pickedFile, setPickedFile] = useState<File | null>(null);
  const pickedURL = useObjectURL(pickedFile);
  const previewURL = useObjectURL(picture);

  const pick = (file: File | null) => {
    if (!file) return;
    const fileProblem = pictureFileProblem(file);
    setProblem(fileProblem);
    if (!fileProblem) setPickedFile(file);
  };

  return (
    <Group role="group" aria-labelledby={labelID} gap="lg" align="center" wrap="nowrap">
      <Avatar
        src={previewURL ?? thumbnailURL}
        alt={t.alt(name.trim())}
        size={96}
        radius={999}
        color="harbor"
        data-testid="profile-picture"
      >
        {getInitials(name)}
      </Avatar>
      <Stack gap={6} miw={0}>
        <Text id={labelID} size="sm" fw={500}>
          {t.label}
        </Text>
        <Group gap="xs">
          <UploadButton accept={ACCEPTED_TYPES} onPick={pick} icon={<IconCamera size={16} aria-hidden />}>
            {t.change}
          </UploadButton>
          {picture ? (
            <Button variant="subtle" size={SECONDARY_BUTTON.size} onClick={() => onPictureChange(null)}>
              {t.undo}
            </Button>
          ) : null}
        </Group>
        {problem ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {problem}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {picture ? t.newPicture : t.hint}
          </Text>
        )}
      </Stack>
      <CropPictureModal
        imageURL={pickedURL}
        onCancel={() => setPickedFile(null)}
        onCropped={(cropped) => {
          setPickedFile(null);
          onPictureChange(cropped);
        }}
      />
    </Group>
  );
}
