import { Box, Flex, NavLink, Stack, Title } from "@mantine/core";
import { IconArticle, IconDatabase } from "@tabler/icons-react";
import { Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { texts } from "../../lib/texts";

const t = texts.knowledgeBase;
const KNOWLEDGE_BASE_MENU = [
  { label: t.menu.sources, to: "/knowledge-base/sources", icon: IconDatabase },
  { label: t.menu.articles, to: "/knowledge-base/articles", icon: IconArticle },
];

export function KnowledgeBaseLayout() {
  const { pathname } = useLocation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <Flex direction={{ base: "column", sm: "row" }} gap="lg" align="flex-start">
        <Box component="nav" aria-label={t.menuLabel} w={{ base: "100%", sm: 220 }}>
          {KNOWLEDGE_BASE_MENU.map(({ label, to, icon: Icon }) => {
            const isActive = pathname === to || pathname.startsWith(`${to}/`);
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
