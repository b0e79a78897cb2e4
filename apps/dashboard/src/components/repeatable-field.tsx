import { ActionIcon, Button, Fieldset, Group, Stack, TextInput, type TextInputProps } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { texts } from "../lib/texts";

type RepeatableFieldProps = {
  legend: string;
  itemLabel: (position: number) => string;
  addLabel: string;
  count: number;
  placeholder?: string;
  getInputProps: (index: number) => TextInputProps & { key?: string };
  onAdd: () => void;
  onRemove: (index: number) => void;
};

/** A list of text values the user can grow and shrink (suggested questions, selectors, links). */
export function RepeatableField(props: RepeatableFieldProps) {
  const { legend, itemLabel, addLabel, count, placeholder, getInputProps, onAdd, onRemove } = props;
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Stack gap="xs">
        {Array.from({ length: count }, (_, index) => {
          const label = itemLabel(index + 1);
          const { key, ...inputProps } = getInputProps(index);
          return (
            <Group key={key ?? index} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput label={label} placeholder={placeholder} flex={1} {...inputProps} />
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                mb={2}
                aria-label={texts.common.remove(label)}
                onClick={() => onRemove(index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button variant="light" size="compact-sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
