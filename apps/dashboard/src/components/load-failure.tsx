import { Alert, Button } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { errorMessage } from "../lib/api-client";
import { texts } from "../lib/texts";

/** A page's data could not be read: the server's message and a way to try again. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
      {errorMessage(error)}
      <div>
        <Button mt="sm" variant="default" size="compact-sm" onClick={onRetry}>
          {texts.common.retry}
        </Button>
      </div>
    </Alert>
  );
}
