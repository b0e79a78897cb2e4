import { type ModelPrice, type ModelPriceRow, modelPriceSchema } from "@harbor/contract/analytics";
import { Badge, Button, Group, Modal, NumberInput, Skeleton, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { texts } from "../../../lib/texts";
import { useModelPrices, useResetModelPrice, useSetModelPrice } from "../api/model-prices";
import { ScrollableTable } from "./scrollable-table";
import { TableSection } from "./table-section";

const t = texts.analytics.costAndSpeed;
const SOURCE_COLORS = { default: "gray", custom: "blue", missing: "orange" } as const;

type Draft = { model: string; input: string | number; output: string | number; isNew: boolean };

/** The dialog that sets one model's prices; the server checks them again (modelPriceSchema). */
function PriceDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const [values, setValues] = useState(draft);
  const [errors, setErrors] = useState<Partial<Record<keyof ModelPrice, string>>>({});
  const setPrice = useSetModelPrice();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = modelPriceSchema.safeParse({
      model: values.model,
      inputPerMillion: values.input === "" ? undefined : Number(values.input),
      outputPerMillion: values.output === "" ? undefined : Number(values.output),
    });
    if (!parsed.success) {
      const found: Partial<Record<keyof ModelPrice, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof ModelPrice] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setPrice.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess({ message: t.saved });
        onClose();
      },
      onError: (error) => notifyError({ message: errorMessage(error) }),
    });
  }

  return (
    <Modal opened onClose={onClose} title={t.priceDialog(draft.isNew ? "" : draft.model)}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {draft.isNew ? (
            <TextInput
              label={t.modelName}
              description={t.modelNameHelp}
              value={values.model}
              onChange={(event) => setValues({ ...values, model: event.currentTarget.value })}
              error={errors.model}
              required
              data-autofocus
            />
          ) : null}
          <NumberInput
            label={t.inputPrice}
            value={values.input}
            onChange={(value) => setValues({ ...values, input: value })}
            error={errors.inputPerMillion}
            min={0}
            decimalScale={4}
            required
            data-autofocus={draft.isNew ? undefined : true}
          />
          <NumberInput
            label={t.outputPrice}
            value={values.output}
            onChange={(value) => setValues({ ...values, output: value })}
            error={errors.outputPerMillion}
            min={0}
            decimalScale={4}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={setPrice.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const priceText = (value: number | null) => (value === null ? t.noPrice : String(value));

function PriceRow({ row, onEdit }: { row: ModelPriceRow; onEdit: () => void }) {
  const reset = useResetModelPrice();
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: "anywhere" }}>{row.model}</Table.Td>
      <Table.Td ta="right">{priceText(row.inputPerMillion)}</Table.Td>
      <Table.Td ta="right">{priceText(row.outputPerMillion)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={SOURCE_COLORS[row.source]} c={`${SOURCE_COLORS[row.source]}.9`} tt="none">
          {t.sources[row.source]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={onEdit} aria-label={t.editPrice(row.model)}>
            {t.edit}
          </Button>
          {row.source === "custom" ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              c="gray.8"
              loading={reset.isPending}
              onClick={() =>
                reset.mutate(
                  { model: row.model },
                  { onError: (error) => notifyError({ message: errorMessage(error) }) },
                )
              }
              aria-label={row.hasDefault ? t.resetPrice(row.model) : t.removePrice(row.model)}
            >
              {row.hasDefault ? t.reset : t.remove}
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The company's model prices (decision 046): Harbor's defaults, the admin's own, models without one. */
export function ModelPricesSection() {
  const prices = useModelPrices();
  const [draft, setDraft] = useState<Draft | null>(null);
  const rows = prices.data?.prices ?? [];
  const { columns } = t;
  return (
    <TableSection
      title={t.prices}
      isRanged={false}
      csv={
        prices.data
          ? () => [
              [columns.model, columns.inputPrice, columns.outputPrice, columns.source],
              ...rows.map((row) => [row.model, row.inputPerMillion, row.outputPerMillion, t.sources[row.source]]),
            ]
          : undefined
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.pricesHelp}
        </Text>
        {prices.data ? (
          <ScrollableTable label={t.prices} minWidth={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{columns.model}</Table.Th>
                <Table.Th ta="right">{columns.inputPrice}</Table.Th>
                <Table.Th ta="right">{columns.outputPrice}</Table.Th>
                <Table.Th>{columns.source}</Table.Th>
                <Table.Th>{columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <PriceRow
                  key={row.model}
                  row={row}
                  onEdit={() =>
                    setDraft({
                      model: row.model,
                      input: row.inputPerMillion ?? "",
                      output: row.outputPerMillion ?? "",
                      isNew: false,
                    })
                  }
                />
              ))}
            </Table.Tbody>
          </ScrollableTable>
        ) : prices.isError ? (
          <Text c="red.8">{texts.analytics.loadFailed}</Text>
        ) : (
          <Skeleton h={160} radius="md" />
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDraft({ model: "", input: "", output: "", isNew: true })}
          >
            {t.addModel}
          </Button>
        </Group>
      </Stack>
      {draft ? <PriceDialog draft={draft} onClose={() => setDraft(null)} /> : null}
    </TableSection>
  );
}
