import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { errorMessage } from "../../lib/api-client";

/** The server's refusal of a modal form's save, announced, above the fields. Nothing without one. */
export function ModalFormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
      {errorMessage(error)}
    </Alert>
  );
}
