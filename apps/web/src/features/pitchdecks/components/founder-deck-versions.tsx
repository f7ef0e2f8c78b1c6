import type { FounderDeckVersion } from '@deckvalid/contract/pitchdecks';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { countLabel } from '../deck-status';
import { useFounderDeckVersionsQuery } from '../founder-pitchdecks-api';
import { FounderDeckStatusBadge } from './founder-deck-status-badge';

type FounderDeckVersionsProps = {
  deckId: string;
  /** The version in the viewer and the analytics. */
  shownVersion: number | null;
  /** Shows another ready version in the viewer and its figures in the analytics. */
  onShow: (version: FounderDeckVersion) => void;
  /** Asked for again this often while a version is processing (0: not at all). */
  pollingInterval: number;
};

/**
 * The deck's versions, newest first: number, upload time, status (with the failure in words),
 * pages and views. Any ready version can be shown; the live one is what investors see.
 */
export function FounderDeckVersions({ deckId, shownVersion, onShow, pollingInterval }: FounderDeckVersionsProps) {
  const versions = useFounderDeckVersionsQuery(deckId, { pollingInterval, skipPollingIfUnfocused: true });

  const heading = (
    <Title order={2} fz="lg">
      Versions
    </Title>
  );

  if (versions.isLoading) {
    return (
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        role="status"
        aria-busy="true"
        aria-label="Loading the versions"
      >
        <Stack gap="sm">
          {heading}
          <Skeleton h={52} radius="md" />
          <Skeleton h={52} radius="md" />
        </Stack>
      </Paper>
    );
  }

  if (!versions.data) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm" align="flex-start">
          {heading}
          <FormErrorAlert message={describeApiError(versions.error).message} title="We couldn't load the versions" />
          <Button variant="light" size="sm" onClick={() => void versions.refetch()}>
            Try again
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="deck-versions">
      <Stack gap="sm">
        {heading}
        {shownVersion !== null && versions.data.length > 1 ? (
          <Text fz="xs" c="dimmed">
            The viewer and the reading analytics show version {shownVersion}. Investors see the live one.
          </Text>
        ) : null}
        {versions.data.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No versions yet. Upload your deck to start.
          </Text>
        ) : (
          <Stack gap={0} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Versions, newest first">
            {versions.data.map((version) => (
              <VersionRow
                key={version.number}
                version={version}
                isShown={version.number === shownVersion}
                onShow={() => onShow(version)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function VersionRow({
  version,
  isShown,
  onShow,
}: {
  version: FounderDeckVersion;
  isShown: boolean;
  onShow: () => void;
}) {
  const facts = [
    `Uploaded ${formatDateTime(version.uploadedAt)}`,
    version.pageCount === null ? null : countLabel(version.pageCount, 'page'),
    version.status === 'ready' ? countLabel(version.viewCount, 'view') : null,
  ].filter((fact) => fact !== null);
  const canShow = version.status === 'ready' && version.fileUrl !== null;
  return (
    <Stack
      component="li"
      gap={4}
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="deck-version"
      data-version={version.number}
      data-status={version.status}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
          <Text fw={600}>Version {version.number}</Text>
          {/* Live says ready already; any other version says how its processing went. */}
          {version.isLive ? (
            <Badge color="indigo" variant="filled" size="sm" tt="none" data-testid="live-badge">
              Live
            </Badge>
          ) : (
            <FounderDeckStatusBadge status={version.status} size="sm" />
          )}
        </Group>
        {isShown ? (
          <Group gap={4} wrap="nowrap" c="dimmed" style={{ flexShrink: 0 }} data-testid="shown-version">
            <IconEye size={14} aria-hidden />
            <Text fz="xs" c="dimmed">
              In the viewer
            </Text>
          </Group>
        ) : canShow ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={14} aria-hidden />}
            onClick={onShow}
            aria-label={`Show version ${version.number}`}
            style={{ flexShrink: 0 }}
          >
            Show
          </Button>
        ) : null}
      </Group>
      <Text fz="xs" c="dimmed">
        {facts.join(' · ')}
      </Text>
      {version.status === 'failed' ? (
        <Text fz="sm" c="red.8" data-testid="version-failure">
          {version.failureReason ?? 'Something in the file stopped us from reading it.'}
        </Text>
      ) : null}
    </Stack>
  );
}
