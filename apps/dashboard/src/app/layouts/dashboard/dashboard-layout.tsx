import { Anchor, AppShell, Burger, Group, getDefaultZIndex, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type KeyboardEvent, Suspense, useRef } from "react";
import { Link, Outlet } from "react-router";
import { BrandLogo } from "../../../components/brand-logo";
import { PageLoader } from "../../../components/page-loader";
import { useSession } from "../../../features/auth/api/get-current-user";
import { texts } from "../../../lib/texts";
import { AccountMenu } from "./account-menu";
import { navItemsFor } from "./nav-items";
import { NavLinks } from "./nav-links";
import { SubscriptionBanner } from "./subscription-banner";
import { WorkspaceSwitcher } from "./workspace-switcher";

/**
 * One modal layer for the whole app: header and navbar stay on Mantine's app layer, below every
 * modal's overlay, so a modal blocks the header (its links cannot leave a half-filled form behind
 * the unsaved-changes guard's back) and a tall modal's title is never under the header.
 */
const SHELL_Z_INDEX = getDefaultZIndex("app");

/**
 * An admin's seven header links, the logo and the workspace switcher need about 1,150 px on one line;
 * below Mantine's lg (1,200 px) they would wrap out of the 64 px header, so narrower screens get the
 * burger and the side navigation instead.
 */
const NAV_BREAKPOINT = "lg";

export function DashboardLayout() {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const session = useSession();
  /**
   * Escape closes the side navigation from the burger or from inside it, and gives focus back to the
   * burger. Not from a menu it opened (the workspace switcher's list is in a portal): Escape
   * closes that menu first.
   */
  const closeNavOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || !isNavOpen || !event.currentTarget.contains(event.target as Node)) return;
    close();
    burgerRef.current?.focus();
  };
  // RequireSession renders this layout only for a signed-in user with a company.
  if (session.status !== "signed-in" || !session.data.company) return <PageLoader />;
  const { user, company } = session.data;
  const navItems = navItemsFor(user.role);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !isNavOpen, desktop: true } }}
      padding="md"
      zIndex={SHELL_Z_INDEX}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger
              ref={burgerRef}
              opened={isNavOpen}
              onClick={toggle}
              onKeyDown={closeNavOnEscape}
              hiddenFrom={NAV_BREAKPOINT}
              size="sm"
              aria-label={texts.shell.toggleNavigation}
              aria-expanded={isNavOpen}
              aria-controls="mobile-navigation"
            />
            <Anchor component={Link} to="/inbox" underline="never" aria-label={texts.shell.home}>
              <BrandLogo />
            </Anchor>
            <Group
              component="nav"
              aria-label={texts.shell.mainNavigation}
              gap={4}
              visibleFrom={NAV_BREAKPOINT}
              ml="md"
              wrap="nowrap"
            >
              <NavLinks items={navItems} />
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Group visibleFrom={NAV_BREAKPOINT}>
              <WorkspaceSwitcher user={user} company={company} />
            </Group>
            <AccountMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      {isNavOpen ? (
        <AppShell.Navbar
          p="md"
          id="mobile-navigation"
          aria-label={texts.shell.mainNavigation}
          onKeyDown={closeNavOnEscape}
        >
          <Stack gap="xs">
            <NavLinks items={navItems} isVertical onNavigate={close} />
            <WorkspaceSwitcher user={user} company={company} isFullWidth />
          </Stack>
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main>
        {company.subscription.status === "active" ? null : <SubscriptionBanner status={company.subscription.status} />}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
