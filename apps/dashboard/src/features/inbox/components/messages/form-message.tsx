import { Paper, Stack, Table, Text, Title } from "@mantine/core";
import { texts } from "../../../../lib/texts";
import type { readMessageData } from "../../message-data";

type MessageData = ReturnType<typeof readMessageData>;

/** A form sent in the chat: its title, description and fields, with the values sent back when known. */
export function FormMessage({
  form,
  dataModel,
}: {
  form: NonNullable<MessageData["form"]>;
  dataModel: MessageData["dataModel"];
}) {
  const values = new Map((dataModel?.fields ?? []).map((field) => [field.key, field.value]));
  const fields = form.fields ?? [];
  return (
    <Paper withBorder radius="md" p="sm" maw={{ base: "92%", sm: "80%" }} w="100%" data-testid="form-message">
      <Stack gap={6}>
        <Title order={4} size="h6" dir="auto">
          {form.title || texts.inbox.messages.form}
        </Title>
        {form.description ? (
          <Text size="sm" dir="auto">
            {form.description}
          </Text>
        ) : null}
        {fields.length > 0 ? (
          <Table withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={field.key}>
                  <Table.Th fw={500} w="40%" dir="auto">
                    {field.title}
                  </Table.Th>
                  <Table.Td dir="auto">{String(values.get(field.key) ?? "")}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
