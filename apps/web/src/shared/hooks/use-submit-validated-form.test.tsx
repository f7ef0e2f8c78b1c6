import { loginBodySchema } from '@deckvalid/contract/auth';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { useSubmitValidatedForm } from './use-submit-validated-form';

const renderSignInForm = () =>
  renderHook(() =>
    useSubmitValidatedForm({ initialValues: { email: '', password: '' }, validate: zodResolver(loginBodySchema) }),
  );

const type = (
  form: { getInputProps: (path: 'email' | 'password') => { onChange: (v: unknown) => void } },
  path: 'email' | 'password',
  value: string,
) => act(() => form.getInputProps(path).onChange(value));

describe('useSubmitValidatedForm', () => {
  it('says nothing on blur or typing before the first submit', () => {
    const { result } = renderSignInForm();
    type(result.current, 'email', 'sam@');
    act(() => {
      const props = result.current.getInputProps('email') as { onBlur?: () => void };
      props.onBlur?.();
    });
    expect(result.current.errors).toEqual({});
  });

  it('checks every field on submit, then re-checks a field as it changes', () => {
    const { result } = renderSignInForm();
    type(result.current, 'email', 'sam@');
    const handleSubmit = vi.fn();
    act(() => result.current.onSubmit(handleSubmit)());
    expect(handleSubmit).not.toHaveBeenCalled();
    expect(Object.keys(result.current.errors).sort()).toEqual(['email', 'password']);

    type(result.current, 'email', 'sam@example.com');
    expect(result.current.errors.email).toBeUndefined();
    // The untouched field keeps its message until it is edited.
    expect(result.current.errors.password).toBeTruthy();

    type(result.current, 'email', 'sam@example');
    expect(result.current.errors.email).toBe('Enter a valid email address.');
  });

  it('keeps a message set from the server on a field the person has not edited', () => {
    const { result } = renderSignInForm();
    act(() => result.current.onSubmit(vi.fn())());
    act(() => result.current.setErrors({ email: 'Taken on the server.' }));
    type(result.current, 'password', 'x');
    expect(result.current.errors.email).toBe('Taken on the server.');
  });
});
