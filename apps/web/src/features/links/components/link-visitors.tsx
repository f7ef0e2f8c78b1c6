import type { LinkVisitor } from '@deckvalid/contract/links';
import { Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { countOf, formatSeconds } from '../link-format';
import { type LinkOwnerRef, useLinkVisitorsQuery } from '../links-api';
import { LinkHeatStrip } from './link-heat-strip';

type LinkVisitorsProps = { owner: LinkOwnerRef; linkId: string; pageCount: number | null };

/**
 * Who opened one link: each visitor's email, visits, time in all and per page (a heat strip),
 * where they stopped, downloads and when they accepted the agreement; on a data room's link, the
 * same for each document they opened. Asked for again every 15 s while shown, so a visit in
 * progress fills in.
 */
export function LinkVisitors({ owner, linkId, pageCount }: LinkVisitorsProps) {
  const visitors = useLinkVisitorsQuery({ owner, linkId }, { pollingInterval: 15_000, skipPollingIfUnfocused: true });
  const isRoom = 'roomId' in owner;
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
                isRoom
                  ? countOf(visitor.documents.length, 'document opened', 'documents opened')
                  : visitor.furthestPage !== null
                    ? `reached page ${visitor.furthestPage}`
                    : 'no pages read yet',
                visitor.downloaded ? `downloaded ${countOf(visitor.downloads, 'time', 'times')}` : 'not downloaded',
              ].join(' · ')}
            </Text>
            {visitor.agreedAt ? (
              <Text fz="xs" c="dimmed">
                Accepted the agreement {formatDateTime(visitor.agreedAt)}
              </Text>
            ) : null}
            {isRoom ? (
              <VisitorDocuments documents={visitor.documents} />
            ) : (
              <>
                <Text fz="xs" c="dimmed" aria-hidden>
                  Time per page, darker for longer
                </Text>
                <LinkHeatStrip pages={visitor.pages} pageCount={pageCount} />
              </>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A room link's visitor's documents: each one's openings, downloads, time and pages read. */
function VisitorDocuments({ documents }: { documents: LinkVisitor['documents'] }) {
  if (documents.length === 0) {
    return (
      <Text fz="xs" c="dimmed">
        Has not opened a document yet.
      </Text>
    );
  }
  return (
    <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Documents opened">
      {documents.map((document) => (
        <Stack key={document.itemId} gap={4} component="li" data-testid="link-visitor-document">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {document.name}
            </Text>
            <Text fz="xs" c="dimmed">
              {[
                document.opens > 0 ? `opened ${countOf(document.opens, 'time', 'times')}` : null,
                document.downloads > 0 ? `downloaded ${countOf(document.downloads, 'time', 'times')}` : null,
                document.pageCount !== null ? `${formatSeconds(document.totalSeconds)} read` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Group>
          {document.pageCount !== null ? <LinkHeatStrip pages={document.pages} pageCount={document.pageCount} /> : null}
        </Stack>
      ))}
    </Stack>
  );
}
