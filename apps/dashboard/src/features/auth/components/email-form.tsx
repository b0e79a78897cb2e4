import { emailSchema } from "@harbor/contract/common";
import { Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMail } from "@tabler/icons-react";
import { texts } from "../../../lib/texts";
import { zodFieldValidator } from "../../../lib/zod-form";

type EmailFormProps = { submitLabel: string; isPending: boolean; onSubmit: (email: string) => void };

export function EmailForm({ submitLabel, isPending, onSubmit }: EmailFormProps) {
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: { email: zodFieldValidator(emailSchema) },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ email }) => {
        if (!isPending) onSubmit(email.trim().toLowerCase());
      })}
    >
      <Stack>
        <TextInput
          label={texts.auth.emailLabel}
          placeholder={texts.auth.emailPlaceholder}
          type="email"
          autoComplete="email"
          required
          data-autofocus
          leftSection={<IconMail size={18} aria-hidden />}
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <Button type="submit" loading={isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
