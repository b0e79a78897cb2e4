import { Alert, Button } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";

const t = texts.automation;

/** The page's data could not be read: the server's message and a way to try again. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
      {errorMessage(error)}
      <div>
        <Button mt="sm" variant="default" size="compact-sm" onClick={onRetry}>
          {t.retry}
        </Button>
      </div>
    </Alert>
  );
}
