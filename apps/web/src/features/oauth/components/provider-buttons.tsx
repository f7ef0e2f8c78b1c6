import type { AccountRole } from '@deckvalid/contract/auth';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGithubFilled, IconBrandGoogleFilled, IconBrandLinkedin, IconKey } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useOauthProvidersQuery, useStartOAuthMutation } from '../oauth-api';
import { oauthProblemOf, rememberPendingOAuth } from '../oauth-pending';

/** Each well-known provider's mark, in its own colour; any other issuer gets a key. */
const marks: Record<string, ReactNode> = {
  google: <IconBrandGoogleFilled size={18} color="#4285F4" aria-hidden />,
  github: <IconBrandGithubFilled size={18} color="#181717" aria-hidden />,
  linkedin: <IconBrandLinkedin size={18} color="#0A66C2" aria-hidden />,
};

type ProviderButtonsProps = {
  accountRole: AccountRole;
  /** "Sign in" on the sign-in pages, "Sign up" on the sign-up pages. */
  verb: 'Sign in' | 'Sign up';
};

/**
 * One button per enabled identity provider ("Continue with Google"), under an "or" rule; nothing
 * at all when none is configured. A click asks the server for the provider's URL and leaves for
 * it; a sign-in the callback page refused comes back here with its sentence in the location state.
 */
export function ProviderButtons({ accountRole: role, verb }: ProviderButtonsProps) {
  const providers = useOauthProvidersQuery().data?.providers ?? [];
  const [start] = useStartOAuthMutation();
  const [leavingFor, setLeavingFor] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refusal = oauthProblemOf(useLocation().state);

  const handleStart = async (provider: string) => {
    setProblem(null);
    setLeavingFor(provider);
    const result = await start({ provider, role });
    if ('data' in result && result.data) {
      rememberPendingOAuth({ provider, role });
      window.location.assign(result.data.url);
      return;
    }
    setLeavingFor(null);
    setProblem(describeApiError(result.error).message);
  };

  const shownProblem = problem ?? refusal;
  if (providers.length === 0) {
    return shownProblem ? <FormErrorAlert title="Sign-in didn't complete" message={shownProblem} /> : null;
  }
  return (
    <Stack gap="sm" data-testid="oauth-providers">
      <FormErrorAlert title="Sign-in didn't complete" message={shownProblem} />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          size="md"
          fullWidth
          leftSection={marks[provider.id] ?? <IconKey size={18} aria-hidden />}
          loading={leavingFor === provider.id}
          disabled={leavingFor !== null}
          onClick={() => void handleStart(provider.id)}
        >
          {verb === 'Sign in' ? `Continue with ${provider.name}` : `Sign up with ${provider.name}`}
        </Button>
      ))}
      <Divider label="or use your email" labelPosition="center" my={4} />
    </Stack>
  );
}
