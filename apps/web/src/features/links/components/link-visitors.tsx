import { Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { countOf, formatSeconds } from '../link-format';
import { useLinkVisitorsQuery } from '../links-api';
import { LinkHeatStrip } from './link-heat-strip';

type LinkVisitorsProps = { deckId: string; linkId: string; pageCount: number | null };

/**
 * Who opened one link: each visitor's email, visits, time in all and per page (a heat strip),
 * where they stopped, downloads and when they accepted the agreement. Asked for again every
 * 15 s while shown, so a visit in progress fills in.
 */
export function LinkVisitors({ deckId, linkId, pageCount }: LinkVisitorsProps) {
  const visitors = useLinkVisitorsQuery({ deckId, linkId }, { pollingInterval: 15_000, skipPollingIfUnfocused: true });
  if (visitors.isLoading) return <Loader size="sm" aria-label="Loading the visitors" />;
  if (!visitors.data) {
    return <FormErrorAlert title="We couldn't load the visitors" message={describeApiError(visitors.error).message} />;
  }
  if (visitors.data.length === 0) {
    return (
      <Text fz="sm" c="dimmed" data-testid="link-visitors-empty">
        No one has opened this link yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="link-visitors">
      {visitors.data.map((visitor, index) => (
        <Paper
          key={visitor.email ?? `anonymous-${index}`}
          withBorder
          radius="md"
          p="sm"
          data-testid="link-visitor"
          data-email={visitor.email ?? ''}
        >
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap={6} wrap="wrap">
                <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {visitor.email ?? 'Visitor without an email'}
                </Text>
                {visitor.isEmailVerified ? (
                  <Badge size="xs" variant="light" color="teal">
                    Verified
                  </Badge>
                ) : null}
              </Group>
              <Text fz="xs" c="dimmed">
                Last seen {formatDateTime(visitor.lastSeenAt)}
              </Text>
            </Group>
            <Text fz="sm" c="dimmed">
              {[
                countOf(visitor.visits, 'visit', 'visits'),
                `${formatSeconds(visitor.totalSeconds)} in all`,
                visitor.furthestPage !== null ? `reached page ${visitor.furthestPage}` : 'no pages read yet',
                visitor.downloaded ? `downloaded ${countOf(visitor.downloads, 'time', 'times')}` : 'not downloaded',
              ].join(' · ')}
            </Text>
            {visitor.agreedAt ? (
              <Text fz="xs" c="dimmed">
                Accepted the agreement {formatDateTime(visitor.agreedAt)}
              </Text>
            ) : null}
            <Text fz="xs" c="dimmed" aria-hidden>
              Time per page, darker for longer
            </Text>
            <LinkHeatStrip pages={visitor.pages} pageCount={pageCount} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
