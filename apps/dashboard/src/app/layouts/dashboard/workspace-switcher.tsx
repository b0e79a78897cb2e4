import type { Company, CurrentUser } from "@harbor/contract/user";
import { Badge, Button, Group, Menu, Text } from "@mantine/core";
import { IconCheck, IconMailPlus, IconSelector } from "@tabler/icons-react";
import { Link } from "react-router";
import { CompanyAvatar } from "../../../components/company-avatar";
import { useToggleCompany } from "../../../features/auth/api/toggle-company";
import { errorMessage } from "../../../lib/api-client";
import { notifyError } from "../../../lib/notify";
import { texts } from "../../../lib/texts";

type WorkspaceSwitcherProps = { user: CurrentUser; company: Company; isFullWidth?: boolean };

/**
 * The current workspace's name. It opens a menu only for users with more than one company (spec)
 * or with invitations waiting (issue #12); switching reloads the page.
 */
export function WorkspaceSwitcher({ user, company, isFullWidth = false }: WorkspaceSwitcherProps) {
  const toggleCompany = useToggleCompany();
  const invitationCount = user.invitations.length;
  // Invitations open the menu too: that is where a user learns another workspace wants them.
  if (user.companies.length <= 1 && invitationCount === 0) {
    return (
      <Group gap="xs" wrap="nowrap" maw={220}>
        <CompanyAvatar name={company.name} logoURL={company.logoURL} size={22} />
        <Text span size="sm" fw={600} truncate>
          {company.name}
        </Text>
      </Group>
    );
  }
  const companies = [...user.companies].sort((a, b) => a.name.localeCompare(b.name));

  const switchTo = (companyID: string) => {
    if (companyID === company._id || toggleCompany.isPending) return;
    toggleCompany.mutate(
      { companyID, email: user.email },
      { onError: (error) => notifyError({ message: errorMessage(error) }) },
    );
  };

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          fullWidth={isFullWidth}
          justify="space-between"
          loading={toggleCompany.isPending}
          leftSection={<CompanyAvatar name={company.name} logoURL={company.logoURL} size={22} />}
          rightSection={<IconSelector size={16} aria-hidden />}
          aria-label={
            invitationCount > 0
              ? texts.shell.workspace.labelWithInvitations(company.name, invitationCount)
              : texts.shell.workspace.label(company.name)
          }
          maw={isFullWidth ? undefined : 220}
        >
          <Text span size="sm" fw={600} truncate>
            {company.name}
          </Text>
          {invitationCount > 0 ? (
            <Badge size="sm" circle ml={6} aria-hidden>
              {invitationCount}
            </Badge>
          ) : null}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{texts.shell.workspace.heading}</Menu.Label>
        {companies.map((entry) => {
          const isCurrent = entry.companyID === company._id;
          return (
            <Menu.Item
              key={entry.companyID}
              onClick={() => switchTo(entry.companyID)}
              leftSection={<CompanyAvatar name={entry.name} logoURL={entry.logoURL} size={22} />}
              rightSection={isCurrent ? <IconCheck size={16} aria-hidden /> : null}
              aria-current={isCurrent ? "true" : undefined}
            >
              {entry.name}
            </Menu.Item>
          );
        })}
        {invitationCount > 0 ? (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} to="/invitations" leftSection={<IconMailPlus size={18} aria-hidden />}>
              {texts.shell.workspace.invitations(invitationCount)}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
