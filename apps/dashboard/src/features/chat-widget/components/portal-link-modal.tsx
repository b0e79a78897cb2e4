import type { CustomReplySummary } from "@harbor/contract/ai-agent";
import {
  PORTAL_LINK_ICONS,
  type PortalLink,
  portalLinkSaveSchema,
  WIDGET_TEXT_MAX,
  WIDGET_TITLE_MAX,
} from "@harbor/contract/widget";
import { Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput, ThemeIcon } from "@mantine/core";
import { useEffect } from "react";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useGuardedModalClose } from "../../../components/modal-form/use-guarded-modal-close";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { UnsavedChangesModal } from "../../../components/unsaved-changes-guard/unsaved-changes-modal";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSavePortalLink } from "../api/save-portal-link";
import { PortalLinkIcon } from "./portal-link-icon";

const t = texts.chatWidget.links;
const ICON_OPTIONS = PORTAL_LINK_ICONS.map((value) => ({ value, label: t.icons[value] }));

type PortalLinkModalProps = {
  opened: boolean;
  /** The link to edit; null adds a new one. */
  link: PortalLink | null;
  customReplies: CustomReplySummary[];
  onClose: () => void;
  /** The page's guard also holds back navigation while the modal has edits. */
  onDirtyChange: (isDirty: boolean) => void;
};

/** Adds or edits a portal link. Closing it with unsaved edits asks first. */
export function PortalLinkModal({ opened, link, customReplies, onClose, onDirtyChange }: PortalLinkModalProps) {
  const { changeDirty, close, requestClose, guard } = useGuardedModalClose({ onClose, onDirtyChange });

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={link ? t.modal.editTitle : t.modal.addTitle}
        centered
        size="lg"
      >
        {opened ? (
          <PortalLinkForm
            key={link?._id ?? "new"}
            link={link}
            customReplies={customReplies}
            onDirtyChange={changeDirty}
            onCancel={requestClose}
            onSaved={close}
          />
        ) : null}
      </Modal>
      <UnsavedChangesModal guard={guard} />
    </>
  );
}

type PortalLinkFormValues = { icon: string; title: string; description: string; customReplyID: string };

type PortalLinkFormProps = {
  link: PortalLink | null;
  customReplies: CustomReplySummary[];
  onDirtyChange: (isDirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
};

function PortalLinkForm({ link, customReplies, onDirtyChange, onCancel, onSaved }: PortalLinkFormProps) {
  const saveLink = useSavePortalLink();
  const contractErrors = zodFormValidator<PortalLinkFormValues>(portalLinkSaveSchema, (values) => ({
    icon: values.icon,
    title: values.title.trim(),
    description: values.description.trim(),
    customReplyID: values.customReplyID,
  }));
  const { form, isDirty, onSubmit } = useModalForm<PortalLinkFormValues>({
    initialValues: {
      icon: link?.icon ?? PORTAL_LINK_ICONS[0],
      title: link?.title ?? "",
      description: link?.description ?? "",
      customReplyID: link?.customReplyID ?? "",
    },
    // An unchosen reply would read "Not a valid id"; say what is missing instead.
    validate: (values) => ({
      ...contractErrors(values),
      ...(values.customReplyID ? {} : { customReplyID: t.modal.customReplyRequired }),
    }),
    save: async (values, form) => {
      await saveLink.mutateAsync({
        ...(link ? { replyID: link._id } : {}),
        icon: values.icon,
        title: values.title.trim(),
        description: values.description.trim(),
        customReplyID: values.customReplyID,
      });
      notifySuccess({ message: texts.chatWidget.notices.customReplySaved });
      form.resetDirty();
      onSaved();
    },
  });
  const replyOptions = [
    { value: "", label: t.modal.customReplyPlaceholder, disabled: true },
    ...customReplies.map((reply) => ({ value: reply._id, label: reply.name })),
  ];

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <ModalFormError error={saveLink.error} />
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <ThemeIcon size={36} variant="light" radius="md" aria-hidden mb={2}>
            <PortalLinkIcon name={form.values.icon} />
          </ThemeIcon>
          <NativeSelect label={t.modal.icon} required data={ICON_OPTIONS} flex={1} {...form.getInputProps("icon")} />
        </Group>
        <TextInput
          label={t.modal.title}
          required
          data-autofocus
          autoComplete="off"
          maxLength={WIDGET_TITLE_MAX}
          {...form.getInputProps("title")}
        />
        <Textarea
          label={t.modal.description}
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={WIDGET_TEXT_MAX}
          {...form.getInputProps("description")}
        />
        <NativeSelect
          label={t.modal.customReply}
          required
          data={replyOptions}
          {...form.getInputProps("customReplyID")}
        />
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" disabled={!isDirty} loading={saveLink.isPending}>
            {t.modal.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
