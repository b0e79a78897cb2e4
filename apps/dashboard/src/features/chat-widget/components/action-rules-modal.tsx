import {
  CANCELLABLE_PAYMENT_STATUSES,
  CANCELLATION_REASON_MAX,
  type CancellablePaymentStatus,
  type CancellationRules,
  type CustomerAccountPortal,
  cancellationRulesSchema,
  ORDER_AGE_DAYS_MAX,
} from "@harbor/contract/widget";
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect } from "react";
import { ModalFormError } from "../../../components/modal-form/modal-form-error";
import { useGuardedModalClose } from "../../../components/modal-form/use-guarded-modal-close";
import { useModalForm } from "../../../components/modal-form/use-modal-form";
import { UnsavedChangesModal } from "../../../components/unsaved-changes-guard/unsaved-changes-modal";
import { notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useSaveWidgetSettings } from "../api/save-widget-settings";

const t = texts.chatWidget.shopifyPortal.rules;

type ActionRulesModalProps = {
  opened: boolean;
  rules: CancellationRules;
  /** The portal as stored: the rules are saved into it, its other values as they are. */
  portal: CustomerAccountPortal;
  onClose: () => void;
  onDirtyChange: (isDirty: boolean) => void;
};

/** The Action Rules of "Allow order cancellations" (spec part 2 §3, decision 048): reasons and conditions. */
export function ActionRulesModal({ opened, rules, portal, onClose, onDirtyChange }: ActionRulesModalProps) {
  const { changeDirty, close, requestClose, guard } = useGuardedModalClose({ onClose, onDirtyChange });
  return (
    <>
      <Modal opened={opened} onClose={requestClose} title={t.title} centered size="lg">
        {opened ? (
          <ActionRulesForm
            rules={rules}
            portal={portal}
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

/** The rules as the form edits them: the age as typed ("" is any), the SKUs one per line. */
type RulesFormValues = {
  askReason: boolean;
  allowOther: boolean;
  reasons: { _id: string; text: string }[];
  conditions: { maxOrderAgeDays: number | string; paymentStatuses: string[]; excludedSkus: string };
};

const formValuesFrom = (rules: CancellationRules): RulesFormValues => ({
  askReason: rules.askReason,
  allowOther: rules.allowOther,
  reasons: rules.reasons.map((reason) => ({ ...reason })),
  conditions: {
    maxOrderAgeDays: rules.conditions.maxOrderAgeDays ?? "",
    paymentStatuses: [...rules.conditions.paymentStatuses],
    excludedSkus: rules.conditions.excludedSkus.join("\n"),
  },
});

const toRules = (values: RulesFormValues) => ({
  askReason: values.askReason,
  allowOther: values.allowOther,
  // Hidden while no reason is asked: an empty one left there is dropped rather than blocking the save.
  reasons: values.reasons
    .map((reason) => ({ _id: reason._id, text: reason.text.trim() }))
    .filter((reason) => values.askReason || reason.text !== ""),
  conditions: {
    maxOrderAgeDays: values.conditions.maxOrderAgeDays === "" ? null : Number(values.conditions.maxOrderAgeDays),
    paymentStatuses: values.conditions.paymentStatuses,
    excludedSkus: [
      ...new Set(
        values.conditions.excludedSkus
          .split("\n")
          .map((sku) => sku.trim())
          .filter(Boolean),
      ),
    ],
  },
});

/** A new reason's id: stable across edits and moves, and never a default's or `other`/`none`. */
const newReasonId = () => `reason-${crypto.randomUUID().slice(0, 8)}`;

function ActionRulesForm(props: {
  rules: CancellationRules;
  portal: CustomerAccountPortal;
  onDirtyChange: (isDirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { rules, portal, onDirtyChange, onCancel, onSaved } = props;
  const saveWidget = useSaveWidgetSettings();
  const { form, isDirty, onSubmit } = useModalForm<RulesFormValues>({
    initialValues: formValuesFrom(rules),
    validate: zodFormValidator(cancellationRulesSchema, toRules),
    save: async (values, form) => {
      await saveWidget.mutateAsync({
        sections: { customerAccountPortal: { ...portal, cancellationRules: toRules(values) as CancellationRules } },
      });
      notifySuccess({ message: texts.chatWidget.notices.actionSaved });
      form.resetDirty();
      onSaved();
    },
  });
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const { values } = form;

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <ModalFormError error={saveWidget.error} />
        <Stack gap="sm" component="section" aria-label={t.reasonsHeading}>
          <Title order={3} size="h5">
            {t.reasonsHeading}
          </Title>
          <Switch label={t.askReason} data-autofocus {...form.getInputProps("askReason", { type: "checkbox" })} />
          {values.askReason ? (
            <>
              <Switch
                label={t.allowOther}
                description={t.allowOtherDescription}
                {...form.getInputProps("allowOther", { type: "checkbox" })}
              />
              <Fieldset legend={t.reasonsLegend} variant="unstyled">
                <Stack gap="xs">
                  {typeof form.errors.reasons === "string" ? (
                    <Alert color="red" role="alert" p="xs">
                      {form.errors.reasons}
                    </Alert>
                  ) : null}
                  {values.reasons.map((reason, index) => {
                    const label = t.reason(index + 1);
                    return (
                      <Group key={reason._id} gap={4} align="flex-end" wrap="nowrap">
                        <TextInput
                          label={label}
                          required
                          autoComplete="off"
                          maxLength={CANCELLATION_REASON_MAX}
                          flex={1}
                          {...form.getInputProps(`reasons.${index}.text`)}
                        />
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          mb={2}
                          aria-label={t.moveUp(label)}
                          disabled={index === 0}
                          onClick={() => form.reorderListItem("reasons", { from: index, to: index - 1 })}
                        >
                          <IconArrowUp size={18} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          mb={2}
                          aria-label={t.moveDown(label)}
                          disabled={index === values.reasons.length - 1}
                          onClick={() => form.reorderListItem("reasons", { from: index, to: index + 1 })}
                        >
                          <IconArrowDown size={18} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          size="lg"
                          mb={2}
                          aria-label={texts.common.remove(label)}
                          onClick={() => form.removeListItem("reasons", index)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Group>
                    );
                  })}
                  <Group>
                    <Button
                      variant="light"
                      size="compact-sm"
                      leftSection={<IconPlus size={16} aria-hidden />}
                      onClick={() => form.insertListItem("reasons", { _id: newReasonId(), text: "" })}
                    >
                      {t.addReason}
                    </Button>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t.defaultsTranslated}
                  </Text>
                </Stack>
              </Fieldset>
            </>
          ) : null}
        </Stack>
        <Stack gap="sm" component="section" aria-label={t.conditionsHeading}>
          <Stack gap={2}>
            <Title order={3} size="h5">
              {t.conditionsHeading}
            </Title>
            <Text size="sm" c="dimmed">
              {t.conditionsDescription}
            </Text>
          </Stack>
          <Fieldset legend={t.shipping} variant="unstyled">
            <Text size="sm">{t.shippingRule}</Text>
          </Fieldset>
          <Fieldset legend={t.order} variant="unstyled">
            <Stack gap="sm">
              <NumberInput
                label={t.maxOrderAgeDays}
                description={t.maxOrderAgeDaysDescription}
                min={1}
                max={ORDER_AGE_DAYS_MAX}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps("conditions.maxOrderAgeDays")}
              />
              <Checkbox.Group
                label={t.paymentStatuses}
                description={t.paymentStatusesDescription}
                {...form.getInputProps("conditions.paymentStatuses")}
              >
                <Group gap="md" mt={6}>
                  {CANCELLABLE_PAYMENT_STATUSES.map((status: CancellablePaymentStatus) => (
                    <Checkbox key={status} value={status} label={t.paymentStatus[status]} />
                  ))}
                </Group>
              </Checkbox.Group>
            </Stack>
          </Fieldset>
          <Fieldset legend={t.product} variant="unstyled">
            <Textarea
              label={t.excludedSkus}
              description={t.excludedSkusDescription}
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps("conditions.excludedSkus")}
            />
          </Fieldset>
          <Fieldset legend={t.customer} variant="unstyled">
            <Text size="sm" c="dimmed">
              {t.customerRule}
            </Text>
          </Fieldset>
        </Stack>
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" disabled={!isDirty} loading={saveWidget.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
