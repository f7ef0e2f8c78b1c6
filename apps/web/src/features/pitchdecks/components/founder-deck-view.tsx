import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Grid,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconFileUnknown } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { DeckViewer } from '@/shared/pdf/deck-viewer';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { deckStatusDisplay, formatUsd, pollingIntervalFor } from '../deck-status';
import { founderPitchDecksApi, useFounderPitchDeckQuery } from '../founder-pitchdecks-api';
import { FounderDeckAnalyticsDetail, FounderDeckAnalyticsSummary } from './founder-deck-analytics';
import { FounderDeckStatusBadge } from './founder-deck-status-badge';
import { FounderDeleteDeckButton } from './founder-delete-deck-button';

type FounderDeckViewProps = {
  deckId: string;
  /** Back to the founder's deck list. */
  listPath: string;
  /** Where a failed deck is submitted again. */
  submitPath: string;
  /** Beside the viewer: the deck's interests, composed by app/ from the interests feature. */
  sidePanel?: ReactNode;
};

/** Fonts below this size are hard to read when a slide is shrunk to a laptop window. */
const smallFontPoints = 12;

/**
 * /founder/view/{id}: the deck in the viewer with its reading analytics beside and below it.
 * A processing deck is asked for again every 2 s until it is ready or failed.
 */
export function FounderDeckView({ deckId, listPath, submitPath, sidePanel }: FounderDeckViewProps) {
  const navigate = useNavigate();
  const cached = founderPitchDecksApi.endpoints.founderPitchDeck.useQueryState(deckId);
  const deck = useFounderPitchDeckQuery(deckId, {
    pollingInterval: pollingIntervalFor(cached.data ? [cached.data] : undefined),
    skipPollingIfUnfocused: true,
  });
  // The signed address may expire while the page stays open: ask for a fresh one, once per address.
  const refreshedUrl = useRef<string | null>(null);

  const backLink = (
    <Anchor component={Link} to={listPath} fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> All pitch decks
      </Group>
    </Anchor>
  );

  if (deck.isLoading) return <DeckViewSkeleton />;

  if (!deck.data) {
    const problem = describeApiError(deck.error);
    if (problem.code === 'NOT_FOUND' || problem.status === 404) {
      return (
        <Stack gap="lg">
          {backLink}
          <EmptyState
            variant="light"
            size="lg"
            py={48}
            icon={<IconFileUnknown aria-hidden />}
            title="Deck not found"
            description="This deck doesn't exist or isn't yours. Pick one from your pitch decks."
            data-testid="empty-state"
          />
        </Stack>
      );
    }
    return (
      <Stack gap="md" align="flex-start">
        {backLink}
        <FormErrorAlert message={problem.message} title="We couldn't load this deck" />
        <Button variant="light" onClick={() => void deck.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }

  const data = deck.data;
  const isReady = data.status === 'ready';
  const handleLoadError = () => {
    if (!data.fileUrl || refreshedUrl.current === data.fileUrl) return;
    refreshedUrl.current = data.fileUrl;
    void deck.refetch();
  };

  return (
    <Stack gap="lg" data-testid="founder-deck-view" data-status={data.status}>
      <DeckHeader
        deck={data}
        backLink={backLink}
        actions={
          <FounderDeleteDeckButton
            deckId={data.id}
            title={data.title}
            interestCount={data.interestCount}
            onDeleted={() => navigate(listPath, { replace: true })}
          />
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {isReady && data.fileUrl ? (
            <DeckViewer fileUrl={data.fileUrl} title={data.title} onLoadError={handleLoadError} />
          ) : (
            <DeckNotViewable deck={data} submitPath={submitPath} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <FounderDeckAnalyticsSummary deckId={data.id} isReady={isReady} />
            {sidePanel}
          </Stack>
        </Grid.Col>
      </Grid>
      <FounderDeckAnalyticsDetail deckId={data.id} isReady={isReady} />
    </Stack>
  );
}

function DeckHeader({ deck, backLink, actions }: { deck: FounderPitchDeck; backLink: ReactNode; actions?: ReactNode }) {
  const facts = [deck.company, deck.sector, deck.stage, `raising ${formatUsd(deck.amountSought)}`, deck.location];
  const hasSmallFonts = deck.fontSizes !== null && deck.fontSizes.min < smallFontPoints;
  return (
    <Stack gap="xs">
      {backLink}
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {deck.title}
        </Title>
        <FounderDeckStatusBadge status={deck.status} size="lg" />
      </Group>
      <Text c="dimmed" fz="sm">
        {facts.join(' · ')}
        {deck.website ? (
          <>
            {' · '}
            <Anchor href={deck.website} target="_blank" rel="noreferrer" fz="sm">
              {deck.website.replace(/^https?:\/\//, '')}
            </Anchor>
          </>
        ) : null}
      </Text>
      <Text maw={760}>{deck.pitch}</Text>
      <Group gap="lg" fz="sm" c="dimmed">
        <Text fz="sm" c="dimmed">
          Submitted {dayjs(deck.createdAt).format('D MMM YYYY')}
        </Text>
        {deck.pageCount !== null ? (
          <Text fz="sm" c="dimmed">
            {deck.pageCount === 1 ? '1 page' : `${deck.pageCount} pages`}
          </Text>
        ) : null}
        {deck.fontSizes ? (
          <Text fz="sm" c={hasSmallFonts ? 'orange.8' : 'dimmed'} data-testid="deck-font-sizes">
            Text from {Math.round(deck.fontSizes.min)} to {Math.round(deck.fontSizes.max)} pt
            {hasSmallFonts ? ` — some text is under ${smallFontPoints} pt and may be hard to read on screen` : ''}
          </Text>
        ) : null}
        {actions}
      </Group>
    </Stack>
  );
}

/** Processing or failed: say which, and what happens next. */
function DeckNotViewable({ deck, submitPath }: { deck: FounderPitchDeck; submitPath: string }) {
  if (deck.status === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        radius="lg"
        icon={<IconAlertTriangle aria-hidden />}
        title="We couldn't process this deck"
        data-testid="deck-failure"
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{deck.failureReason ?? 'Something in the file stopped us from reading it.'}</Text>
          <Button component={Link} to={submitPath} color="red" variant="filled" size="sm">
            Submit a corrected deck
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (deck.status === 'processing') {
    return (
      <Paper withBorder radius="lg" py={64} px="md" data-testid="deck-processing">
        <Stack align="center" gap="xs" ta="center">
          <Loader aria-hidden />
          <Text fw={600} role="status">
            {deckStatusDisplay.processing.hint}
          </Text>
          <Text fz="sm" c="dimmed">
            This page updates by itself when your deck is ready.
          </Text>
        </Stack>
      </Paper>
    );
  }
  // Ready without an address: the stored file is gone.
  return (
    <Alert color="gray" variant="light" radius="lg" title="The file isn't available">
      We couldn't find this deck's file. Submit it again to show it to investors.
    </Alert>
  );
}

function DeckViewSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the deck">
      <Skeleton h={14} w={120} />
      <Skeleton h={30} w="50%" />
      <Skeleton h={14} w="70%" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Skeleton h={420} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Skeleton h={76} radius="md" />
            <Skeleton h={160} radius="md" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
