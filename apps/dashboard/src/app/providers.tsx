import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "./query-client";
import { cssVariablesResolver, theme } from "./theme";

/** Where notices appear: clear of the header's workspace switcher and account menu (#19 item 14). */
export const NOTICE_POSITION = "bottom-right";

type AppProvidersProps = { children: ReactNode; queryClient?: QueryClient };

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* Bottom right: at the top the notices covered the workspace switcher and the avatar. */}
      <Notifications position={NOTICE_POSITION} />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
