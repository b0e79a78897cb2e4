import { CUSTOM_REPLY_FILE_MAX_BYTES, type CustomReplyFile } from "@harbor/contract/automation";
import { Alert, Button, FileButton, Group, Text } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { uploadReplyFile } from "../api/upload-reply-file";

const f = texts.automation.editor.fields;

/**
 * Uploads the file a message_file action sends (the server checks its type and size) and hands its
 * stored address and type to the action. A file too large is refused here before it is sent.
 */
export function ReplyFileUpload({ onUploaded }: { onUploaded: (file: CustomReplyFile) => void }) {
  const [isUploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploadedName, setUploadedName] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setFailure(null);
    setUploadedName(null);
    if (file.size > CUSTOM_REPLY_FILE_MAX_BYTES) {
      setFailure(f.fileTooLarge);
      return;
    }
    setUploading(true);
    try {
      onUploaded(await uploadReplyFile(file));
      setUploadedName(file.name);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <Group gap="sm">
        <FileButton onChange={(file) => void upload(file)} accept="image/jpeg,image/png,image/webp,application/pdf">
          {(props) => (
            <Button {...props} variant="light" loading={isUploading} leftSection={<IconUpload size={16} aria-hidden />}>
              {f.uploadFile}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" role="status">
          {uploadedName ? f.fileUploaded(uploadedName) : f.uploadHint}
        </Text>
      </Group>
      {failure ? (
        <Alert color="red" role="alert" p="xs">
          {failure}
        </Alert>
      ) : null}
    </>
  );
}
