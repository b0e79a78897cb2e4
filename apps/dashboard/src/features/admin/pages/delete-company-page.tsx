import { deleteCompanyRequestSchema } from "@harbor/contract/admin";
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { texts } from "../../../lib/texts";
import { zodFormValidator } from "../../../lib/zod-form";
import { useDeleteCompany } from "../api/delete-company";

const t = texts.admin.deleteCompany;

export function DeleteCompanyPage() {
  const deleteCompany = useDeleteCompany();
  const [toConfirm, setToConfirm] = useState<string | null>(null);
  const [deletedID, setDeletedID] = useState<string | null>(null);
  const form = useForm({
    mode: "controlled",
    initialValues: { companyID: "" },
    validate: zodFormValidator(deleteCompanyRequestSchema, (values: { companyID: string }) => ({
      companyID: values.companyID.trim(),
    })),
  });

  const confirm = () => {
    if (!toConfirm || deleteCompany.isPending) return;
    deleteCompany.mutate(
      { companyID: toConfirm },
      {
        onSuccess: () => {
          setDeletedID(toConfirm);
          form.reset();
        },
        onSettled: () => setToConfirm(null),
      },
    );
  };

  return (
    <Stack>
      <title>{texts.pageTitle(t.title)}</title>
      <div>
        <Title order={1} size="h2">
          {t.title}
        </Title>
        <Text c="dimmed">{t.description}</Text>
      </div>
      {deletedID ? (
        <Alert color="green" title={t.successTitle} icon={<IconCircleCheck aria-hidden />} role="status">
          {t.successText(deletedID)}
        </Alert>
      ) : null}
      {deleteCompany.isError ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(deleteCompany.error)}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} maw={560}>
        <form
          noValidate
          onSubmit={form.onSubmit(({ companyID }) => {
            setDeletedID(null);
            deleteCompany.reset();
            setToConfirm(companyID.trim());
          })}
        >
          <Stack>
            <TextInput
              label={t.companyID}
              placeholder="00000000-0000-0000-0000-000000000000"
              required
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps("companyID")}
            />
            <Group justify="flex-end">
              <Button type="submit" color="red.9">
                {t.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Modal opened={toConfirm !== null} onClose={() => setToConfirm(null)} title={t.confirmTitle} centered>
        <Text style={{ overflowWrap: "anywhere" }}>{t.confirmText(toConfirm ?? "")}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setToConfirm(null)} data-autofocus>
            {texts.common.cancel}
          </Button>
          <Button color="red.9" onClick={confirm} loading={deleteCompany.isPending}>
            {t.confirm}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
