import type { ReactNode } from 'react';
import type { ApiProblem } from '@/shared/api/api-error';
import { focusFirstError } from './zod-resolver';

type FormLike = { setErrors: (errors: Record<string, ReactNode>) => void };

/** The DOM node @mantine/form tags with `data-path` for a field. */
export function inputNodeOf(path: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-path="${path.replace(/["\\]/g, '\\$&')}"]`);
}

/**
 * Shows a failed call on a form: VALIDATION_FAILED fields the form has go inline under their
 * inputs (focusing the first one); anything else comes back as a sentence for the form's alert.
 */
export function showProblemOnForm(problem: ApiProblem, fieldOrder: readonly string[], form: FormLike): string | null {
  const inline = Object.fromEntries(Object.entries(problem.fieldErrors).filter(([path]) => fieldOrder.includes(path)));
  if (Object.keys(inline).length === 0) return problem.message;
  form.setErrors(inline);
  focusFirstError(inline, fieldOrder, inputNodeOf);
  return null;
}

/** Focuses the first invalid field after client-side validation failed on submit. */
export function focusFirstInvalid(errors: Record<string, unknown>, fieldOrder: readonly string[]): void {
  focusFirstError(errors, fieldOrder, inputNodeOf);
}
