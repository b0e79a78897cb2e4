import { Alert, Button, Center } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { texts } from "../../lib/texts";

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Center mih="60vh" p="md">
      <Alert color="red" role="alert" title={texts.shell.loadError} icon={<IconAlertCircle aria-hidden />} maw={480}>
        <Button mt="sm" variant="default" onClick={onRetry}>
          {texts.common.retry}
        </Button>
      </Alert>
    </Center>
  );
}
