import type { CustomReplySummary } from "@harbor/contract/ai-agent";
import { PORTAL_LINKS_MAX, type PortalLink } from "@harbor/contract/widget";
import { ActionIcon, Button, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useDeletePortalLink } from "../api/delete-portal-link";
import { ConfirmDeleteModal } from "./confirm-delete-modal";
import { PortalLinkIcon } from "./portal-link-icon";
import { PortalLinkModal } from "./portal-link-modal";
import { SettingsSection } from "./settings-section";

const t = texts.chatWidget.links;

type PortalLinksSectionProps = {
  links: PortalLink[];
  customReplies: CustomReplySummary[];
  onDirtyChange: (isDirty: boolean) => void;
};

/** The portal's links to custom replies: each added, edited and deleted on its own (spec part 2 §2.3). */
export function PortalLinksSection({ links, customReplies, onDirtyChange }: PortalLinksSectionProps) {
  const [editing, setEditing] = useState<{ link: PortalLink | null } | null>(null);
  const [deleting, setDeleting] = useState<PortalLink | null>(null);
  const deleteLink = useDeletePortalLink();
  const replyName = (id: string) => customReplies.find((reply) => reply._id === id)?.name ?? t.unknownReply;
  const canAdd = customReplies.length > 0 && links.length < PORTAL_LINKS_MAX;

  const confirmDelete = () => {
    if (!deleting || deleteLink.isPending) return;
    deleteLink.mutate(
      { replyID: deleting._id },
      {
        onSuccess: () => {
          notifySuccess({ message: texts.chatWidget.notices.customReplyDeleted });
          setDeleting(null);
        },
        onError: (error) => notifyError({ message: errorMessage(error) }),
      },
    );
  };

  return (
    <SettingsSection
      title={t.heading}
      description={t.description}
      action={
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!canAdd}
            onClick={() => setEditing({ link: null })}
          >
            {t.add}
          </Button>
        </Group>
      }
    >
      {customReplies.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noCustomReplies}
        </Text>
      ) : null}
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }} aria-label={t.heading}>
          {links.map((link) => (
            <Paper component="li" key={link._id} withBorder radius="md" p="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                  <PortalLinkIcon name={link.icon} />
                </ThemeIcon>
                <Stack gap={2} flex={1} miw={0}>
                  <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                    {link.title}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {link.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t.startsReply(replyName(link.customReplyID))}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t.edit(link.title)}
                    onClick={() => setEditing({ link })}
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    size="lg"
                    aria-label={t.delete(link.title)}
                    onClick={() => setDeleting(link)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <PortalLinkModal
        opened={editing !== null}
        link={editing?.link ?? null}
        customReplies={customReplies}
        onClose={() => setEditing(null)}
        onDirtyChange={onDirtyChange}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={deleting ? t.deleteTitle(deleting.title) : ""}
        text={[t.deleteText]}
        confirmLabel={t.deleteConfirm}
        isPending={deleteLink.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </SettingsSection>
  );
}
