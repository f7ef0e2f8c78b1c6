import type { AccountRole } from '@deckvalid/contract/auth';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useLinkedIdentitiesQuery, useUnlinkIdentityMutation } from '../oauth-api';

/**
 * "Sign-in providers" in the account settings: the providers linked to the account, each with
 * Unlink. The server refuses to unlink the last way in of an account without a password, and its
 * sentence is shown; the button says so beforehand too.
 */
export function LinkedProvidersSection({ accountRole: role }: { accountRole: AccountRole }) {
  const headingId = useId();
  const linked = useLinkedIdentitiesQuery(role);
  const [unlink] = useUnlinkIdentityMutation();
  const [unlinking, setUnlinking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const identities = linked.data?.identities ?? [];
  const isLastWayIn = !linked.data?.hasPassword && identities.length === 1;

  const handleUnlink = async (provider: string) => {
    setProblem(null);
    setUnlinking(provider);
    const result = await unlink({ role, provider });
    setUnlinking(null);
    if ('error' in result) setProblem(describeApiError(result.error).message);
    else await linked.refetch();
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="linked-providers">
      <div>
        <Title order={3} fz="md" id={headingId}>
          Sign-in providers
        </Title>
        <Text fz="sm" c="dimmed">
          {linked.data?.hasPassword
            ? 'Accounts you can sign in with besides your password.'
            : 'Accounts you sign in with. Your account has no password.'}
        </Text>
      </div>
      <FormErrorAlert message={problem} />
      {linked.isLoading ? (
        <Loader size="sm" aria-label="Loading sign-in providers" />
      ) : identities.length === 0 ? (
        <Text fz="sm">No provider is linked. Use “Continue with…” on the sign-in page to link one.</Text>
      ) : (
        identities.map((identity) => (
          <Group key={identity.provider} justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{identity.name}</Text>
              {identity.email ? (
                <Text fz="sm" c="dimmed">
                  {identity.email}
                </Text>
              ) : null}
            </div>
            <Button
              variant="default"
              size="xs"
              loading={unlinking === identity.provider}
              disabled={isLastWayIn}
              title={isLastWayIn ? 'This is your only way to sign in.' : undefined}
              onClick={() => void handleUnlink(identity.provider)}
            >
              Unlink
            </Button>
          </Group>
        ))
      )}
      {isLastWayIn ? (
        <Text fz="xs" c="dimmed">
          This is your only way to sign in. To unlink it, first set a password with “Forgot password?” on the sign-in
          page, or link another provider.
        </Text>
      ) : null}
    </Stack>
  );
}
