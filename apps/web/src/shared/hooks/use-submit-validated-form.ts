import { type FormErrors, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { useCallback, useRef } from 'react';

/** The options of useForm, with validation as one function (a contract schema through zodResolver). */
export type SubmitValidatedFormInput<Values extends Record<string, unknown>> = Omit<
  UseFormInput<Values>,
  'validate' | 'validateInputOnBlur' | 'validateInputOnChange' | 'onValuesChange'
> & { validate: (values: Values) => FormErrors };

/** The top-level field a Mantine error path belongs to: `sectors.0` → `sectors`. */
function rootOf(path: string): string {
  return path.split('.')[0] ?? path;
}

/**
 * useForm for every form of the app: fields are first checked when the form is submitted, and
 * after that a field is re-checked as it changes, so its message goes the moment it is fixed.
 *
 * Not on blur: a message appearing on blur pushes everything below the field down while the
 * pointer that caused the blur is pressing a link or button there ("Forgot password?" moved 19 px
 * and the click missed it). Submitting is a moment the person expects the page to answer.
 */
export function useSubmitValidatedForm<Values extends Record<string, unknown>>(
  options: SubmitValidatedFormInput<Values>,
): UseFormReturnType<Values> {
  const hasSubmitted = useRef(false);
  const validateRef = useRef(options.validate);
  validateRef.current = options.validate;
  const formRef = useRef<UseFormReturnType<Values> | null>(null);

  const handleValuesChange = useCallback((values: Values, previous: Values) => {
    const form = formRef.current;
    if (!hasSubmitted.current || !form) return;
    const changed = new Set(Object.keys(values).filter((key) => values[key] !== previous[key]));
    if (changed.size === 0) return;
    const fresh = validateRef.current(values);
    // Only the fields that changed: a server's message on another field stays until that one is edited.
    form.setErrors((current) => {
      const next: FormErrors = {};
      for (const [path, message] of Object.entries(current)) if (!changed.has(rootOf(path))) next[path] = message;
      for (const [path, message] of Object.entries(fresh)) if (changed.has(rootOf(path))) next[path] = message;
      return next;
    });
  }, []);

  const form = useForm<Values>({
    ...options,
    validateInputOnBlur: false,
    validateInputOnChange: false,
    onValuesChange: handleValuesChange,
  });
  formRef.current = form;

  const onSubmit: UseFormReturnType<Values>['onSubmit'] = (handleSubmit, handleValidationFailure) => {
    const submit = form.onSubmit(handleSubmit, handleValidationFailure);
    return (event) => {
      hasSubmitted.current = true;
      submit(event);
    };
  };
  return { ...form, onSubmit };
}
