import { Box, Flex, NavLink, Stack, Title } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import { Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { PageLoader } from "../../components/page-loader";

export type SideMenuItem = { label: string; to: string; icon: Icon };

/** An area of the dashboard: its title, a side menu of its pages, and the page itself. */
export function SideMenuLayout({
  title,
  menuLabel,
  items,
}: {
  title: string;
  menuLabel: string;
  items: SideMenuItem[];
}) {
  const { pathname } = useLocation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Flex direction={{ base: "column", sm: "row" }} gap="lg" align="flex-start">
        <Box component="nav" aria-label={menuLabel} w={{ base: "100%", sm: 220 }}>
          {items.map(({ label, to, icon: ItemIcon }) => {
            const isActive = pathname === to || pathname.startsWith(`${to}/`);
            return (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={label}
                active={isActive}
                aria-current={isActive ? "page" : undefined}
                leftSection={<ItemIcon size={18} aria-hidden />}
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
