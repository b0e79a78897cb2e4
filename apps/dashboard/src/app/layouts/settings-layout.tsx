import { Box, Flex, NavLink, Stack, Title } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { texts } from "../../lib/texts";

const SETTINGS_MENU = [{ label: texts.settings.menu.userAccess, to: "/settings/user-access", icon: IconUsers }];

export function SettingsLayout() {
  const { pathname } = useLocation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {texts.settings.title}
      </Title>
      <Flex direction={{ base: "column", sm: "row" }} gap="lg" align="flex-start">
        <Box component="nav" aria-label={texts.settings.menuLabel} w={{ base: "100%", sm: 220 }}>
          {SETTINGS_MENU.map(({ label, to, icon: Icon }) => {
            const isActive = pathname.startsWith(to);
            return (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={label}
                active={isActive}
                aria-current={isActive ? "page" : undefined}
                leftSection={<Icon size={18} aria-hidden />}
                variant="light"
                style={{ borderRadius: "var(--mantine-radius-md)" }}
              />
            );
          })}
        </Box>
        <Box flex={1} w="100%" miw={0}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Stack>
  );
}
