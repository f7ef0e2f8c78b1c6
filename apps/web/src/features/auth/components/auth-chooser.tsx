import type { AccountRole } from '@deckvalid/contract/auth';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { readStoredTokens } from '@/shared/lib/token-storage';
import { selectIsAuthenticated, sessionRestored } from '../auth-slice';
import { homePathOf, roleLabels } from '../role-home';

/** Investor first, as the spec lists the buttons; mentors, who came later, last. */
const chooserRoles: readonly AccountRole[] = ['investor', 'user', 'mentor'];

const continueLabels: Record<AccountRole, string> = {
  investor: 'Continue as Investor',
  user: 'Continue as Founder',
  mentor: 'Continue as Mentor',
};

/** "founder and investor", "investor, founder and mentor". */
const listOf = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? '');

/**
 * The 'Authentication Detected' chooser of the landing page (spec §2): shown to a visitor who is
 * not signed in while sessions of one or both roles are stored; each button makes that stored
 * session the active one and opens its home (where SessionGate checks it with `me`).
 */
export function AuthChooser() {
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  // Read once per mount: storage is not reactive, and the chooser only matters on arrival.
  const [stored] = useState(() =>
    chooserRoles.flatMap((role) => {
      const tokens = readStoredTokens(role);
      return tokens ? [{ role, tokens }] : [];
    }),
  );

  if (isAuthenticated || stored.length === 0) return null;

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow="sm"
      data-testid="auth-chooser"
      aria-labelledby="auth-chooser-title"
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light">
            <IconUserCheck size={22} aria-hidden />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} fz="lg" id="auth-chooser-title">
              Authentication Detected
            </Title>
            <Text fz="sm" c="dimmed">
              {stored.length > 1
                ? `You have saved ${listOf(stored.map(({ role }) => roleLabels[role]))} sessions on this device. Choose how to continue.`
                : 'You have a saved session on this device.'}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          {stored.map(({ role, tokens }) => (
            <Button
              key={role}
              size="md"
              variant={role === 'investor' ? 'filled' : 'light'}
              onClick={() => {
                dispatch(sessionRestored({ role, tokens }));
                navigate(homePathOf(role));
              }}
            >
              {continueLabels[role]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
