import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useFounderProfileQuery } from '@/features/accounts/accounts-api';
import { FounderSubmitDeckForm } from '@/features/pitchdecks/components/founder-submit-deck-form';

/**
 * /founder/submit: composes the deck form (pitchdecks) with the founder's profile (accounts), whose
 * company, location and website pre-fill the details.
 */
export function FounderSubmitPage() {
  const navigate = useNavigate();
  const profile = useFounderProfileQuery();
  const defaults = useMemo(
    () =>
      profile.data
        ? {
            company: profile.data.company ?? undefined,
            location: profile.data.location ?? undefined,
            website: profile.data.website ?? undefined,
          }
        : undefined,
    [profile.data],
  );

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Submit a pitch deck
        </Title>
        <Text c="dimmed">
          Drop your PDF, tell investors what you're building, and submit. We read the pages and list the deck for
          investors whose thesis matches.
        </Text>
      </Stack>
      <FounderSubmitDeckForm
        defaults={defaults}
        cancelAction={
          <Button component={Link} to={paths.founder.pitchdecks} variant="default" size="md">
            Cancel
          </Button>
        }
        onSubmitted={(deck) => {
          notifications.show({
            color: 'teal',
            title: 'Deck submitted',
            message: `We're processing “${deck.title}”. Its status updates on your decks page.`,
          });
          navigate(paths.founder.pitchdecks);
        }}
      />
    </Stack>
  );
}
