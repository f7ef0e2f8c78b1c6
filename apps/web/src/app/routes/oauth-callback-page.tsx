import type { AccountRole } from '@deckvalid/contract/auth';
import type { OAuthCallbackBody } from '@deckvalid/contract/oauth';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { loginSucceeded } from '@/features/auth/auth-slice';
import { homePathOf, loginPathOf } from '@/features/auth/role-home';
import { useExchangeOAuthCodeMutation, useFinishOAuthCallbackMutation } from '@/features/oauth/oauth-api';
import { type OAuthProblemState, takePendingOAuth } from '@/features/oauth/oauth-pending';
import { describeApiError } from '@/shared/api/api-error';
import { AuthLayout } from '@/shared/ui/auth-layout';

const notStartedHere =
  'This sign-in was not started in this browser tab, or it was already finished. Start again from the sign-in page.';

/** The provider's answer as the server's callback takes it: only the parameters that are there. */
function callbackBodyOf(params: URLSearchParams): OAuthCallbackBody {
  const value = (name: string) => params.get(name) ?? undefined;
  return {
    state: params.get('state') ?? '',
    code: value('code'),
    iss: value('iss'),
    error: value('error'),
    errorDescription: value('error_description'),
  };
}

/**
 * /oauth/callback: where every identity provider sends the browser back. Posts the provider's
 * answer to the server, turns the one-time exchange code into a session, stores it exactly as a
 * password sign-in does (`loginSucceeded`) and goes home. Any refusal goes to the role's sign-in
 * page, whose provider buttons show the server's sentence.
 */
export function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [finishCallback] = useFinishOAuthCallbackMutation();
  const [exchange] = useExchangeOAuthCodeMutation();
  // The state is good once: StrictMode's second effect run (and any re-render) must not post it again.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const pending = takePendingOAuth();
    const refuse = (role: AccountRole | null, message: string) => {
      const state: OAuthProblemState = { oauthProblem: message };
      navigate(loginPathOf(role), { replace: true, state });
    };
    if (!pending) {
      refuse(null, notStartedHere);
      return;
    }
    const { provider, role } = pending;
    void (async () => {
      const called = await finishCallback({ provider, body: callbackBodyOf(params) });
      if (!('data' in called) || !called.data) {
        refuse(role, describeApiError(called.error).message);
        return;
      }
      const signedIn = await exchange({ provider, exchangeCode: called.data.exchangeCode });
      if (!('data' in signedIn) || !signedIn.data) {
        refuse(role, describeApiError(signedIn.error).message);
        return;
      }
      const { tokens, user } = signedIn.data;
      dispatch(
        loginSucceeded({ role: called.data.role, tokens, user: { id: user.id, name: user.name, email: user.email } }),
      );
      navigate(homePathOf(called.data.role), { replace: true });
    })();
  }, [params, navigate, dispatch, finishCallback, exchange]);

  return (
    <AuthLayout title="Signing you in">
      <Center py="md">
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>Completing sign-in…</Text>
        </Stack>
      </Center>
    </AuthLayout>
  );
}
