/**
 * The part of a zod schema the form validators need. Written structurally so the dashboard uses the
 * contract's schemas without depending on zod itself.
 */
type Issue = { path: ReadonlyArray<PropertyKey>; message: string };
type SafeParseResult = { success: true } | { success: false; error: { issues: ReadonlyArray<Issue> } };
type SafeParser = { safeParse(value: unknown): SafeParseResult };

/** Turns a contract schema into a @mantine/form validator, so the dashboard never restates a rule. */
export function zodFormValidator<Values>(schema: SafeParser, toInput: (values: Values) => unknown = (v) => v) {
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join(".");
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}

/** Validator for one field, from one contract schema. */
export function zodFieldValidator(schema: SafeParser) {
  return (value: unknown): string | null => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}
