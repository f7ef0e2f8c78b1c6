import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useFounderProfileQuery } from '@/features/accounts/accounts-api';
import { FounderSubmitDeckForm, type UnsavedDeckWork } from '@/features/pitchdecks/components/founder-submit-deck-form';
import { useLeaveWarning } from '@/shared/hooks/use-leave-warning';
import { LeaveWarningModal } from '@/shared/ui/leave-warning-modal';

/** What the leave warning says would be lost. */
const lossOf: Record<UnsavedDeckWork, string> = {
  uploading: 'Your upload will stop, and the file and the details you entered will be lost.',
  uploaded: 'Your uploaded deck and the details you entered will be lost.',
  details: 'The details you entered will be lost.',
};

/**
 * /founder/submit: composes the deck form (pitchdecks) with the founder's profile (accounts), whose
 * company, location and website pre-fill the details. Leaving with an upload or details not yet
 * submitted asks first; leaving after a successful submit does not.
 */
export function FounderSubmitPage() {
  const navigate = useNavigate();
  const profile = useFounderProfileQuery();
  const [unsavedWork, setUnsavedWork] = useState<UnsavedDeckWork | null>(null);
  const { blocker, allowLeaving } = useLeaveWarning(unsavedWork !== null);
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
          Drop your PDF, tell investors what you're building, and submit. We read the pages and list the deck for every
          investor; those whose thesis matches its sector, stage, amount and location see it first and hear of it in
          their weekly news.
        </Text>
      </Stack>
      <FounderSubmitDeckForm
        defaults={defaults}
        onUnsavedWorkChange={setUnsavedWork}
        cancelAction={
          <Button component={Link} to={paths.founder.pitchdecks} variant="default" size="md">
            Cancel
          </Button>
        }
        onSubmitted={(deck) => {
          allowLeaving();
          notifications.show({
            color: 'teal',
            title: 'Deck submitted',
            message: `We're processing “${deck.title}”. Its status updates on your decks page.`,
          });
          navigate(paths.founder.pitchdecks);
        }}
      />
      <LeaveWarningModal blocker={blocker} message={lossOf[unsavedWork ?? 'details']} />
    </Stack>
  );
}
