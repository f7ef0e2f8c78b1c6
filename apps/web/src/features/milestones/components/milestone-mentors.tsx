import type { MilestoneMentorsResponse } from '@deckvalid/contract/milestones';
import { Anchor, Button, Group, Modal, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { LoadProblem } from '@/shared/ui/load-problem';
import { useMilestoneMentorsQuery, useShareMilestoneMutation } from '../milestones-api';

/**
 * "Share with mentors" (the milestone's More menu): a switch per mentor of the founder's shares
 * the milestone with them (they read its board and talk it over in the threads with the mentors)
 * or stops sharing it. Investors never see who the mentors are.
 */
export function MilestoneMentorsModal({
  milestoneId,
  opened,
  onClose,
}: {
  milestoneId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const mentors = useMilestoneMentorsQuery(milestoneId, { skip: !opened });
  return (
    <Modal opened={opened} onClose={onClose} title="Share with mentors" centered>
      <Stack gap="sm" data-testid="milestone-mentors">
        <Text fz="sm" c="dimmed">
          A mentor you share this milestone with reads its board and talks it over with you in threads your investors
          don't see.
        </Text>
        {mentors.isLoading ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading your mentors">
            <Skeleton h={22} />
            <Skeleton h={22} />
          </Stack>
        ) : mentors.data ? (
          <MentorSwitches milestoneId={milestoneId} mentors={mentors.data} />
        ) : (
          <LoadProblem
            title="We couldn't load your mentors"
            error={mentors.error}
            onRetry={() => void mentors.refetch()}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MentorSwitches({ milestoneId, mentors }: { milestoneId: string; mentors: MilestoneMentorsResponse['data'] }) {
  const [share] = useShareMilestoneMutation();
  const [problem, setProblem] = useState<string | null>(null);
  // A switch moves at once; the list as read again after the change (or a failure) takes over.
  const [moved, setMoved] = useState<Record<string, boolean>>({});
  const [readList, setReadList] = useState(mentors);
  if (readList !== mentors) {
    setReadList(mentors);
    setMoved({});
  }
  if (mentors.length === 0) {
    return (
      <Text fz="sm">
        You have no mentors yet.{' '}
        <Anchor component={Link} to={paths.founder.mentors} fz="sm">
          Invite one
        </Anchor>
      </Text>
    );
  }
  const toggle = async (mentorId: string, isShared: boolean) => {
    setProblem(null);
    setMoved((current) => ({ ...current, [mentorId]: isShared }));
    const result = await share({ milestoneId, mentorId, isShared });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      setMoved(({ [mentorId]: _, ...rest }) => rest);
    }
  };
  return (
    <Stack gap="xs">
      {mentors.map(({ mentor, isShared }) => (
        <Switch
          key={mentor.id}
          checked={moved[mentor.id] ?? isShared}
          onChange={(event) => void toggle(mentor.id, event.currentTarget.checked)}
          label={mentor.name}
          description={mentor.email}
          styles={{ label: { overflowWrap: 'anywhere' }, description: { overflowWrap: 'anywhere' } }}
        />
      ))}
      <FormErrorAlert message={problem} title="We couldn't change the sharing" />
    </Stack>
  );
}
