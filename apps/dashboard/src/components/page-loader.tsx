import { Center, Loader, VisuallyHidden } from "@mantine/core";
import { texts } from "../lib/texts";

export function PageLoader({ label = texts.common.loading }: { label?: string }) {
  return (
    <Center role="status" mih={200} h="100%" py="xl">
      <Loader />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
