import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput with two accessibility fixes: `aria-invalid` on the input (Mantine sets
 * only a data attribute), and a show/hide toggle whose name does not contain the word
 * "password", so "the field labelled Password" names one element, not the field and its toggle.
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
      {...props}
      aria-invalid={props.error ? true : undefined}
    />
  );
}
