import { Button, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useEndMentorshipAsMentorMutation, useMentoredFoundersQuery } from '../mentors-api';
import { MentorshipList } from './mentorship-list';

/**
 * The mentor's home: the founders they mentor, newest first. Founders start mentorships (they
 * invite by email), so the empty state says how one begins rather than offering an action.
 */
export function MentoredFounders() {
  const founders = useMentoredFoundersQuery();
  const [endMentorship] = useEndMentorshipAsMentorMutation();

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Founders you mentor
        </Title>
        <Text c="dimmed">The founders who invited you and whose invitation you accepted.</Text>
      </Stack>

      {founders.isLoading ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the founders you mentor">
          <Skeleton height={88} radius="md" />
          <Skeleton height={88} radius="md" />
        </Stack>
      ) : founders.data ? (
        founders.data.length === 0 ? (
          <EmptyState
            variant="light"
            size="lg"
            py={48}
            icon={<IconSchool aria-hidden />}
            title="No founders yet"
            description="Founders invite their mentors by email. Ask a founder to invite the address you signed up with, then open the link in their mail to accept."
            data-testid="empty-state"
          />
        ) : (
          <MentorshipList
            label="Founders you mentor"
            rows={founders.data.map(({ founder, since }) => ({ party: founder, since }))}
            endConsequence="You stop seeing their decks at once; only a new invitation from them starts it again."
            onEnd={endMentorship}
          />
        )
      ) : (
        <Stack gap="xs">
          <FormErrorAlert
            title="We couldn't load the founders you mentor"
            message={describeApiError(founders.error).message}
          />
          <Group>
            <Button variant="light" onClick={() => void founders.refetch()}>
              Try again
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
