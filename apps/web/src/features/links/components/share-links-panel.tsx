import type { DeckLink, LinkViewing } from '@deckvalid/contract/links';
import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useLinkVisitsLive } from '../hooks/use-link-visits-live';
import type { LinkBody } from '../link-form';
import { countOf, settingsSummaryOf } from '../link-format';
import {
  type LinkOwnerRef,
  useCreateShareLinkMutation,
  useEndShareLinkMutation,
  useShareLinksQuery,
  useUpdateShareLinkMutation,
} from '../links-api';
import { LinkSettingsForm } from './link-settings-form';
import { LinkVisitors } from './link-visitors';

type ShareLinksPanelProps = {
  owner: LinkOwnerRef;
  /** Ready versions a deck's link may pin, newest first; null for a data room, which has none. */
  versions: readonly number[] | null;
  /** Pages of the deck's live version: the width of each visitor's heat strip (null for a room). */
  pageCount: number | null;
};

/** A data room's link sends no version: the room shows its documents as they are. */
const bodyFor = <Body extends { version?: number | null }>(owner: LinkOwnerRef, body: Body) => {
  if ('deckId' in owner) return body;
  const { version: _version, ...rest } = body;
  return rest;
};

/**
 * A deck's Share tab, or a data room's Share links: the links with their address, visits and
 * state, a form for a new one, each link's settings to change, ending a link, and who opened it.
 */
export function ShareLinksPanel({ owner, versions, pageCount }: ShareLinksPanelProps) {
  const links = useShareLinksQuery(owner);
  const latestVisits = useLinkVisitsLive(owner);
  const [isCreating, creating] = useDisclosure(false);
  const [createLink, creation] = useCreateShareLinkMutation();
  const what = 'deckId' in owner ? 'deck' : 'data room';

  const handleCreate = async (body: LinkBody) => {
    const result = await createLink({ owner, body: bodyFor(owner, { ...body, passcode: body.passcode ?? null }) });
    if ('error' in result) return describeApiError(result.error);
    creating.close();
    notifications.show({ color: 'teal', message: `Link “${result.data.name}” is ready to send.` });
    return null;
  };

  return (
    <Stack gap="md" data-testid="deck-share-tab" data-owner={'deckId' in owner ? 'deck' : 'room'}>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Share links
          </Title>
          <Text fz="sm" c="dimmed" maw={620}>
            Send this {what} to anyone, no account needed. Each link has its own gate and settings, and shows you who
            read {'deckId' in owner ? 'which page' : 'which document, page by page'}.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={creating.open}>
          New link
        </Button>
      </Group>

      {links.isLoading ? (
        <Loader aria-label="Loading the links" />
      ) : !links.data ? (
        <FormErrorAlert title="We couldn't load the links" message={describeApiError(links.error).message} />
      ) : links.data.length === 0 ? (
        <Paper withBorder radius="lg" p="lg" data-testid="links-empty">
          <Stack gap={4} align="center" ta="center">
            <IconLink size={28} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text fw={600}>No links yet</Text>
            <Text fz="sm" c="dimmed">
              Make one for each person or firm you send the {what} to, and see how each one reads it.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm">
          {links.data.map((link) => (
            <LinkCard
              key={link.id}
              owner={owner}
              link={link}
              versions={versions}
              pageCount={pageCount}
              latestVisit={latestVisits[link.id] ?? null}
            />
          ))}
        </Stack>
      )}

      <Modal
        opened={isCreating}
        onClose={creating.close}
        title="New share link"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <LinkSettingsForm
          versions={versions}
          onSubmit={handleCreate}
          onCancel={creating.close}
          isSaving={creation.isLoading}
        />
      </Modal>
    </Stack>
  );
}

const stateBadges: Record<Exclude<DeckLink['state'], 'active'>, { label: string; color: string }> = {
  ended: { label: 'Ended', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
};

type LinkCardProps = {
  owner: LinkOwnerRef;
  link: DeckLink;
  versions: readonly number[] | null;
  pageCount: number | null;
  /** A visit that began while this page was open (the live `links:viewing`). */
  latestVisit: LinkViewing | null;
};

function LinkCard({ owner, link, versions, pageCount, latestVisit }: LinkCardProps) {
  const [isEditing, editing] = useDisclosure(false);
  const [isEnding, ending] = useDisclosure(false);
  const [isShowingVisitors, setIsShowingVisitors] = useState(false);
  const [updateLink, update] = useUpdateShareLinkMutation();
  const [endLink, end] = useEndShareLinkMutation();
  const what = 'deckId' in owner ? 'deck' : 'data room';
  const isActive = link.state === 'active';
  const stateBadge = link.state === 'active' ? null : stateBadges[link.state];
  const visitorsId = `link-visitors-${link.id}`;

  const handleSave = async (body: LinkBody) => {
    const result = await updateLink({ owner, linkId: link.id, body: bodyFor(owner, body) });
    if ('error' in result) return describeApiError(result.error);
    editing.close();
    notifications.show({ color: 'teal', message: `Settings of “${link.name}” saved.` });
    return null;
  };

  const handleEnd = async () => {
    const result = await endLink({ owner, linkId: link.id });
    if ('error' in result) return;
    ending.close();
    notifications.show({
      color: 'gray',
      message: `“${link.name}” has ended. Its address no longer opens the ${what}.`,
    });
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="deck-link" data-state={link.state} data-slug={link.slug}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {link.name}
            </Title>
            {stateBadge ? (
              <Badge color={stateBadge.color} variant="light">
                {stateBadge.label}
              </Badge>
            ) : null}
          </Group>
          <Text fz="sm" c="dimmed" data-testid="link-counts">
            {countOf(link.visitCount, 'visit', 'visits')} · {countOf(link.visitorCount, 'visitor', 'visitors')}
          </Text>
        </Group>
        {latestVisit ? (
          <Group gap={6} wrap="wrap" role="status" data-testid="link-live-visit">
            <Badge color="teal" variant="light" size="sm">
              Opened just now
            </Badge>
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {latestVisit.email ?? 'A visitor without an email'} opened it at{' '}
              {new Date(latestVisit.at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}
              {latestVisit.isFirstVisit ? ' (first visit).' : '.'}
            </Text>
          </Group>
        ) : null}
        {isActive ? (
          <Group gap="xs" wrap="nowrap">
            <TextInput
              readOnly
              value={link.url}
              aria-label={`Address of “${link.name}”`}
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="link-url"
            />
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy the address'} withArrow>
                  <ActionIcon
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'teal' : undefined}
                    size="lg"
                    onClick={copy}
                    aria-label={copied ? 'Copied' : `Copy the address of “${link.name}”`}
                  >
                    {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        ) : null}
        <Text fz="xs" c="dimmed">
          {[
            ...settingsSummaryOf(link),
            link.state === 'ended' && link.endedAt ? `ended ${formatDateTime(link.endedAt)}` : null,
            link.expiresAt
              ? `${link.state === 'expired' ? 'expired' : 'ends'} ${formatDateTime(link.expiresAt)}`
              : null,
            link.lastVisitAt ? `last visit ${formatDateTime(link.lastVisitAt)}` : null,
          ]
            .filter(Boolean)
            .join(' · ') || 'Anyone with the address'}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-sm"
            variant="default"
            aria-expanded={isShowingVisitors}
            aria-controls={visitorsId}
            onClick={() => setIsShowingVisitors((shown) => !shown)}
          >
            {isShowingVisitors ? 'Hide visitors' : 'Visitors'}
          </Button>
          {isActive ? (
            <>
              <Button size="compact-sm" variant="default" onClick={editing.open}>
                Edit settings
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => {
                  end.reset();
                  ending.open();
                }}
              >
                End link
              </Button>
            </>
          ) : null}
        </Group>
        {isShowingVisitors ? (
          <div id={visitorsId}>
            <LinkVisitors owner={owner} linkId={link.id} pageCount={pageCount} />
          </div>
        ) : null}
      </Stack>

      <Modal
        opened={isEditing}
        onClose={editing.close}
        title={`Settings of “${link.name}”`}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <LinkSettingsForm
          link={link}
          versions={versions}
          onSubmit={handleSave}
          onCancel={editing.close}
          isSaving={update.isLoading}
        />
      </Modal>
      <Modal
        opened={isEnding}
        onClose={ending.close}
        title="End this link?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text fz="sm">
            “{link.name}” will stop opening the {what} at once, for anyone reading it now too. You keep its visitors.
            This cannot be undone; make a new link to share again.
          </Text>
          {end.error ? (
            <FormErrorAlert title="We couldn't end the link" message={describeApiError(end.error).message} />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={ending.close} disabled={end.isLoading}>
              Keep link
            </Button>
            <Button color="red" onClick={() => void handleEnd()} loading={end.isLoading}>
              End link
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
