import { Box, Center, Paper, Stack } from "@mantine/core";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { BrandLogo } from "../../components/brand-logo";
import { PageLoader } from "../../components/page-loader";

export function AuthLayout() {
  return (
    <Box component="main" bg="var(--mantine-color-gray-0)" mih="100dvh">
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={440} gap="lg" align="stretch">
          <Center>
            <BrandLogo />
          </Center>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
