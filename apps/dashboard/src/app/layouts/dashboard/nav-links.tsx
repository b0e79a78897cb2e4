import { Button } from "@mantine/core";
import { Link, useLocation } from "react-router";
import type { NavItem } from "./nav-items";

type NavLinksProps = { items: NavItem[]; isVertical?: boolean; onNavigate?: () => void };

export function NavLinks({ items, isVertical = false, onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  return items.map(({ label, to }) => {
    const isActive = pathname === to || pathname.startsWith(`${to}/`);
    return (
      <Button
        key={to}
        component={Link}
        to={to}
        onClick={onNavigate}
        variant={isActive ? "light" : "subtle"}
        color={isActive ? "harbor" : "dark"}
        aria-current={isActive ? "page" : undefined}
        justify={isVertical ? "flex-start" : "center"}
        fullWidth={isVertical}
        // Tighter than a button's default padding, so the header's seven links fit one line at 1,280 px.
        px={isVertical ? undefined : "xs"}
      >
        {label}
      </Button>
    );
  });
}
