import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { ChangePasswordForm } from './change-password-form';

afterEach(() => vi.unstubAllGlobals());

function renderForm(hasPassword: boolean) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      bodies.push(await request.json());
      return new Response(JSON.stringify({ message: 'Your password is set.' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const store = createAppStore({
    isAuthenticated: true,
    role: 'user',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: 'usr-1', name: 'Maya', email: 'maya@example.com' },
  });
  render(
    <AppProviders store={store}>
      <ChangePasswordForm accountRole="user" hasPassword={hasPassword} />
    </AppProviders>,
  );
  return bodies;
}

describe('ChangePasswordForm', () => {
  it('lets an account made through a sign-in provider choose its first password, without a current one', async () => {
    const bodies = renderForm(false);
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Choose a password/), { target: { value: 'velvet-orbit-harbor-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(bodies).toEqual([{ newPassword: 'velvet-orbit-harbor-42' }]));
  });

  it('asks for the current password of an account that has one', async () => {
    const bodies = renderForm(true);
    fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'old-password-value-1' } });
    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'velvet-orbit-harbor-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ currentPassword: 'old-password-value-1', newPassword: 'velvet-orbit-harbor-42' }]),
    );
  });
});
