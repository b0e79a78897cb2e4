import { formatDay } from "@harbor/contract/dates";
import type { DataModel, MessageForm } from "@harbor/contract/message-data";
import { Paper, Stack, Table, Text, Title } from "@mantine/core";
import { texts } from "../../../../lib/texts";
import { type FormEntry, formEntries } from "../../message-data";

const t = texts.inbox.messages;

/** Recharge's interval fields, which a change-frequency form asks for together. */
const FREQUENCY_KEY = "order_interval_frequency";
const UNIT_KEY = "order_interval_unit";

type Row = { key: string; title: string; value: string; hint: string | null };

function shownValue(entry: FormEntry): string {
  if (entry.value === null || entry.value === undefined) return "";
  if (entry.fieldType === "subscriptionDate" || entry.fieldType === "date") return formatDay(String(entry.value));
  return String(entry.value);
}

/** Spec part 1 §3: a subscriptionDate field takes today at the earliest; other fields say their minDates. */
function hintOf(entry: FormEntry): string | null {
  if (entry.fieldType === "subscriptionDate") return t.earliestDate(t.today);
  return entry.minDate ? t.earliestDate(formatDay(entry.minDate)) : null;
}

/**
 * The form's rows. A change-frequency form's two interval fields show as one frequency, worded
 * as the subscription list words it ("Every 2 months", spec part 1 §9).
 */
function rowsOf(entries: FormEntry[]): Row[] {
  const frequency = entries.find((entry) => entry.key === FREQUENCY_KEY);
  const unit = entries.find((entry) => entry.key === UNIT_KEY);
  const count = Number(frequency?.value);
  const isFrequency = count > 0 && typeof unit?.value === "string" && unit.value !== "";
  return entries.flatMap((entry): Row[] => {
    if (isFrequency && entry.key === UNIT_KEY) return [];
    if (isFrequency && entry.key === FREQUENCY_KEY) {
      return [{ key: entry.key, title: entry.title, value: t.every(count, String(unit?.value)), hint: null }];
    }
    return [{ key: entry.key, title: entry.title, value: shownValue(entry), hint: hintOf(entry) }];
  });
}

/** A form sent in the chat: its title, description and fields, with the values sent back when known. */
export function FormMessage({ form, dataModel }: { form: MessageForm; dataModel: DataModel | undefined }) {
  const rows = rowsOf(formEntries(form, dataModel));
  return (
    <Paper withBorder radius="md" p="sm" maw={{ base: "92%", sm: "80%" }} w="100%" data-testid="form-message">
      <Stack gap={6}>
        <Title order={4} size="h6" dir="auto">
          {form.title || t.form}
        </Title>
        {form.description ? (
          <Text size="sm" dir="auto">
            {form.description}
          </Text>
        ) : null}
        {rows.length > 0 ? (
          <Table withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw={500} w="40%" dir="auto" style={{ verticalAlign: "top" }}>
                    {row.title}
                  </Table.Th>
                  <Table.Td dir="auto" style={{ overflowWrap: "anywhere" }}>
                    {row.value}
                    {row.hint ? (
                      <Text size="xs" c="dimmed">
                        {row.hint}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
