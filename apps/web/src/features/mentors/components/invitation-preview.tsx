import { Alert, Blockquote, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { formatDate } from '@/shared/lib/format-date';
import { useMentorInvitationPreviewQuery } from '../mentors-api';

/**
 * The top of the invitation page: who invites, their note and until when, read with the token
 * before anyone signs in. An invitation the server calls spent, withdrawn or unknown is said in
 * its sentence instead, with `closedAction`, and `children` (the ways to accept it) are not
 * offered; when the preview cannot be read for another reason the page goes on without it, since
 * accepting says the same.
 */
export function InvitationPreview({
  token,
  children,
  closedAction = null,
}: {
  token: string;
  children: ReactNode;
  /** Where to go instead, under the sentence of an invitation that cannot be accepted. */
  closedAction?: ReactNode;
}) {
  const preview = useMentorInvitationPreviewQuery(token);

  if (preview.isLoading) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={18} width="70%" />
        <Skeleton height={48} />
      </Stack>
    );
  }

  if (preview.error) {
    const problem = describeApiError(preview.error);
    if (problem.code === 'GONE' || problem.code === 'NOT_FOUND' || problem.code === 'VALIDATION_FAILED') {
      return (
        <Stack gap="md">
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            data-testid="invitation-closed"
          >
            {problem.message}
          </Alert>
          {closedAction}
        </Stack>
      );
    }
  }

  const invitation = preview.data;
  return (
    <Stack gap="md">
      {invitation ? (
        <Stack gap="xs" data-testid="invitation-preview">
          <Text fw={600}>{invitation.founder.name} invites you to mentor them.</Text>
          {invitation.note ? (
            <Blockquote p="sm" fz="sm" cite={`– ${invitation.founder.name}`}>
              {invitation.note}
            </Blockquote>
          ) : null}
          <Text fz="sm" c="dimmed">
            The invitation is open until {formatDate(invitation.expiresAt)}.
          </Text>
        </Stack>
      ) : null}
      {children}
    </Stack>
  );
}
