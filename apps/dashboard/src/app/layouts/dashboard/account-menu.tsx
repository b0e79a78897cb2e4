import type { CurrentUser } from "@harbor/contract/user";
import { Avatar, Box, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconLogout, IconShieldLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { useSignOut } from "../../../features/auth/api/logout";
import { getInitials } from "../../../lib/initials";
import { texts } from "../../../lib/texts";

export function AccountMenu({ user }: { user: CurrentUser }) {
  const { signOut } = useSignOut();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={texts.shell.account.label} style={{ borderRadius: "50%" }}>
          <Avatar color="harbor" radius="xl" aria-hidden>
            {getInitials(user.name || user.email)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={6}>
          <Text size="sm" fw={600} truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        {user.isPlatformAdmin ? (
          <Menu.Item component={Link} to="/admin/add-company" leftSection={<IconShieldLock size={16} aria-hidden />}>
            {texts.shell.account.admin}
          </Menu.Item>
        ) : null}
        <Menu.Item onClick={signOut} leftSection={<IconLogout size={16} aria-hidden />}>
          {texts.shell.account.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
