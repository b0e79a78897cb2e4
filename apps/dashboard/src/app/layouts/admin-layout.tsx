import { Anchor, Box, Button, Container, Group } from "@mantine/core";
import { Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { BrandLogo } from "../../components/brand-logo";
import { PageLoader } from "../../components/page-loader";
import { texts } from "../../lib/texts";

const ADMIN_LINKS = [
  { label: texts.admin.addCompany.nav, to: "/admin/add-company" },
  { label: texts.admin.deleteCompany.nav, to: "/admin/delete-company" },
];

/** The platform admin pages live outside the dashboard shell. */
export function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <Box component="header" px="md" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to="/inbox" underline="never" aria-label={texts.shell.home}>
            <BrandLogo />
          </Anchor>
          <Group component="nav" aria-label={texts.admin.navLabel} gap={4}>
            {ADMIN_LINKS.map(({ label, to }) => (
              <Button
                key={to}
                component={Link}
                to={to}
                variant={pathname === to ? "light" : "subtle"}
                color={pathname === to ? "harbor" : "dark"}
                aria-current={pathname === to ? "page" : undefined}
                size="compact-md"
              >
                {label}
              </Button>
            ))}
            <Anchor component={Link} to="/inbox" size="sm" ml="sm">
              {texts.admin.backToDashboard}
            </Anchor>
          </Group>
        </Group>
      </Box>
      <Container component="main" size="md" py="xl">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}
