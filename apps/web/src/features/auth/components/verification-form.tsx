import { type AccountRole, type AuthResponse, codeRules, codeSchema } from '@deckvalid/contract/auth';
import { Button, Center, Loader, PinInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Dispatch } from '@reduxjs/toolkit';
import { useEffect, useId, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { describeApiError, retryAfterSecondsOf } from '@/shared/api/api-error';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { readStoredTokens } from '@/shared/lib/token-storage';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useLazyMeQuery, useSendCodeMutation, useVerifyCodeMutation, useVerifyLinkMutation } from '../auth-api';
import { loginSucceeded } from '../auth-slice';
import type { SessionAwaitingPassword, VerificationState } from '../verification-state';

/**
 * A verified account is a signed-in one: greet, and start the session. One left without a
 * password (`passwordRequired`) goes to the "choose your password" step first instead.
 */
function finishVerification(
  dispatch: Dispatch,
  role: AccountRole,
  { tokens, user, passwordRequired }: AuthResponse,
  onPasswordRequired: (session: SessionAwaitingPassword) => void,
) {
  const session = { role, tokens, user: { id: user.id, name: user.name, email: user.email } };
  if (passwordRequired) {
    onPasswordRequired(session);
    return;
  }
  notifications.show({
    color: 'teal',
    title: 'Email verified',
    message: `Welcome to Pitchlane, ${user.name}.`,
  });
  dispatch(loginSucceeded(session));
}

type VerificationFormProps = {
  state: VerificationState;
  /** Called instead of signing in when the account must choose a password first. */
  onPasswordRequired: (session: SessionAwaitingPassword) => void;
};

/**
 * Email verification: the 6-digit code from the mail, or, when the page was opened from the
 * mail's link, the link's token sent automatically. Success starts the session; the signed-out
 * guard then moves on (spec §2: investor area, else founder area, else sign-in).
 */
export function VerificationForm({ state, onPasswordRequired }: VerificationFormProps) {
  const { type: role, email, token } = state;
  const dispatch = useDispatch();
  const [verifyCode, codeCall] = useVerifyCodeMutation();
  const [verifyLink, linkCall] = useVerifyLinkMutation();
  const [sendCode, sendCall] = useSendCodeMutation();
  const [code, setCode] = useState('');
  // Remounts the PinInput after a rejected code: it only fires onComplete once per mount.
  const [attempt, setAttempt] = useState(0);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Arriving from sign-up or sign-in means a code was just mailed; the server refuses another for 60 s.
  const countdown = useCountdown(token ? 0 : codeRules.resendAfterSeconds);
  const firstDigitRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const hasSentLinkRef = useRef(false);
  const [checkSession] = useLazyMeQuery();
  const [isCheckingSession, setIsCheckingSession] = useState(false);

  useEffect(() => {
    // Once per page: StrictMode runs effects twice, and a link token is single-use.
    if (!token || hasSentLinkRef.current) return;
    hasSentLinkRef.current = true;
    const verifyWithLink = async () => {
      const result = await verifyLink({ role, body: { email, token } });
      if ('data' in result && result.data) {
        finishVerification(dispatch, role, result.data, onPasswordRequired);
        return;
      }
      // The link opened again after it worked. The server answers a used link like a wrong one
      // (it must not tell a stranger the address has an account), but a browser holding this
      // very account's session proves it is the owner's: say so, and carry on signed in.
      const tokens = readStoredTokens(role);
      if (tokens) {
        setIsCheckingSession(true);
        const me = await checkSession(role)
          .unwrap()
          .catch(() => null);
        setIsCheckingSession(false);
        if (me && me.user.role === role && me.user.email.toLowerCase() === email.toLowerCase()) {
          notifications.show({
            color: 'teal',
            title: 'Email already verified',
            message: `Welcome back, ${me.user.name}.`,
          });
          dispatch(
            loginSucceeded({ role, tokens, user: { id: me.user.id, name: me.user.name, email: me.user.email } }),
          );
          return;
        }
      }
      setProblem(describeApiError(result.error).message);
    };
    void verifyWithLink();
  }, [token, role, email, verifyLink, checkSession, dispatch, onPasswordRequired]);

  const submit = async (value: string) => {
    setProblem(null);
    const parsed = codeSchema.safeParse(value);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code from the email.');
      firstDigitRef.current?.focus();
      return;
    }
    setCodeError(null);
    const result = await verifyCode({ role, body: { email, code: parsed.data } });
    if ('data' in result && result.data) {
      finishVerification(dispatch, role, result.data, onPasswordRequired);
      return;
    }
    const failure = describeApiError(result.error);
    if (failure.fieldErrors.code) {
      setCodeError(failure.fieldErrors.code);
      setCode('');
      setAttempt((count) => count + 1);
    } else {
      setProblem(failure.message);
    }
  };

  const handleResend = async () => {
    setProblem(null);
    const result = await sendCode({ role, body: { email } });
    if ('data' in result && result.data) {
      countdown.start(codeRules.resendAfterSeconds);
      notifications.show({ color: 'indigo', title: 'Code sent', message: `We sent a new code to ${email}.` });
      return;
    }
    const failure = describeApiError(result.error);
    const wait = retryAfterSecondsOf(failure);
    if (wait) countdown.start(wait);
    setProblem(failure.message);
  };

  if (token && (linkCall.isLoading || isCheckingSession)) {
    return (
      <Center py="lg">
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>Verifying your email…</Text>
        </Stack>
      </Center>
    );
  }

  const isVerifying = codeCall.isLoading || linkCall.isLoading;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(code);
      }}
    >
      <Stack gap="md">
        <FormErrorAlert message={problem} />
        <Text fz="sm">
          We sent a 6-digit code to{' '}
          <Text span inherit fw={600} data-testid="verification-email">
            {email}
          </Text>
          . It expires in {Math.round(codeRules.ttlSeconds / 60)} minutes.
        </Text>
        <Stack gap={6}>
          <Text component="span" fw={500} fz="sm" aria-hidden>
            Code
          </Text>
          <PinInput
            key={attempt}
            ref={firstDigitRef}
            length={codeRules.length}
            type="number"
            inputMode="numeric"
            oneTimeCode
            size="md"
            gap="xs"
            autoFocus
            value={code}
            onChange={(value) => {
              setCode(value);
              if (codeError) setCodeError(null);
            }}
            onComplete={(value) => void submit(value)}
            error={codeError !== null}
            disabled={isVerifying}
            aria-label="Verification code"
            aria-describedby={codeError ? errorId : undefined}
            getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of ${codeRules.length}` })}
          />
          {codeError ? (
            <Text id={errorId} c="red.7" fz="sm" role="alert">
              {codeError}
            </Text>
          ) : null}
        </Stack>
        <Button type="submit" size="md" fullWidth loading={isVerifying} disabled={isVerifying}>
          Verify
        </Button>
        <Stack gap={2} align="center">
          <Button
            variant="subtle"
            onClick={handleResend}
            loading={sendCall.isLoading}
            disabled={countdown.secondsLeft > 0 || sendCall.isLoading}
          >
            Resend code
          </Button>
          <Text fz="xs" c="dimmed" ta="center" aria-live="polite" data-testid="resend-countdown">
            {countdown.secondsLeft > 0
              ? `You can ask for a new code in ${countdown.secondsLeft} s.`
              : "Didn't get it? Check your spam folder, or ask for a new code."}
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}
