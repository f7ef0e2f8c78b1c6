/** The part of a zod schema the resolver uses, so shared code does not depend on zod's types. */
export type SafeParser = {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
};

/**
 * Validates @mantine/form values with a contract schema: the first message per field, keyed by
 * the dotted path Mantine uses (`sectors.0`, `chequeSizeMax`). Errors on the object itself (an
 * empty path) are keyed `form`.
 */
export function zodResolver(schema: SafeParser): (values: unknown) => Record<string, string> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.map(String).join('.') : 'form';
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}

/** Focuses the first field, in the form's visual order, that has an error; returns whether one did. */
export function focusFirstError(
  errors: Record<string, unknown>,
  order: readonly string[],
  getInputNode: (path: string) => HTMLElement | null | undefined,
): boolean {
  for (const path of order) {
    if (errors[path]) {
      const node = getInputNode(path);
      if (node) {
        node.focus();
        return true;
      }
    }
  }
  return false;
}
