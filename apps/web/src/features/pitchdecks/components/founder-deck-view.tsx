import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconPresentation,
  IconReportAnalytics,
  IconShare,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { formatDate } from '@/shared/lib/format-date';
import { formatUsd } from '@/shared/lib/format-money';
import { DeckViewer } from '@/shared/pdf/deck-viewer';
import { requestedPageOf } from '@/shared/pdf/viewer-controls';
import { deckStatusDisplay } from '../deck-status';
import { deckPollingInterval, pendingVersionOf, shownVersionNumber, versionUploadToastId } from '../deck-versions';
import { founderPitchDecksApi, useFounderDeckVersionsQuery, useFounderPitchDeckQuery } from '../founder-pitchdecks-api';
import { DeckLoadProblem } from './deck-load-problem';
import { FounderDeckAnalyticsDetail, FounderDeckAnalyticsSummary } from './founder-deck-analytics';
import { FounderDeckStatusBadge } from './founder-deck-status-badge';
import { FounderDeckVersions } from './founder-deck-versions';
import { FounderDeleteDeckButton } from './founder-delete-deck-button';
import { FounderEditDeckDetails } from './founder-edit-deck-details';
import { FounderUploadVersion } from './founder-upload-version';

type FounderDeckViewProps = {
  deckId: string;
  /** Back to the founder's deck list. */
  listPath: string;
  /** Where a failed deck is submitted again. */
  submitPath: string;
  /** Beside the viewer: the deck's interests, composed by app/ from the interests feature. */
  sidePanel?: ReactNode;
  /**
   * The Report tab's content for the version shown (the validation report, composed by app/ from
   * the analysis feature); without it the page has no tabs.
   */
  renderReport?: (shown: ShownVersion) => ReactNode;
  /**
   * The header's line on the shown version's type size, composed by app/ from the report's own
   * check, so the header and the Report tab measure text one way and say the same thing.
   */
  renderTypeSize?: (shown: ShownVersion) => ReactNode;
  /**
   * The Share tab's content (the deck's share links, composed by app/ from the links feature),
   * given the ready versions a link may pin, newest first, and the live version's page count.
   */
  renderShare?: (deck: { readyVersions: number[]; pageCount: number | null }) => ReactNode;
  /** Tabs after Share, composed by app/ from other features (the mentors' comments, what changed). */
  moreTabs?: readonly FounderDeckTab[];
  /** Drawn over the viewer's page (the mentors' comment regions), given the version shown and the page. */
  renderPageOverlay?: (shown: ShownVersion, page: number) => ReactNode;
};

/** A tab of the deck page that app/ adds, given the version shown and the ready versions, newest first. */
export type FounderDeckTab = {
  value: string;
  label: string;
  icon: ReactNode;
  /** The version picker above the tab's content, labelled this way ("Comments on"), when it follows the version shown. */
  versionLabel?: string;
  render: (deck: { shown: ShownVersion; readyVersions: number[] }) => ReactNode;
};

/** The version the page shows, which the Report tab describes. */
export type ShownVersion = {
  number: number;
  status: 'processing' | 'ready' | 'failed';
  /** Its pages, once known. */
  pageCount: number | null;
};

/**
 * /founder/view/{id}: the deck in the viewer with its versions and reading analytics beside and
 * below it. The live version is shown unless the founder picks another; the analytics follow the
 * version shown. A processing deck, or a processing new version, is asked for again every 2 s.
 */
export function FounderDeckView({
  deckId,
  listPath,
  submitPath,
  sidePanel,
  renderReport,
  renderTypeSize,
  renderShare,
  moreTabs = [],
  renderPageOverlay,
}: FounderDeckViewProps) {
  const navigate = useNavigate();
  // `?tab=report` opens the Report tab; `?page=N` (the report's page links) the viewer at that page.
  const [searchParams, setSearchParams] = useSearchParams();
  const locationKey = useLocation().key;
  const askedTab = searchParams.get('tab');
  const tab =
    renderReport && askedTab === 'report'
      ? 'report'
      : renderShare && askedTab === 'share'
        ? 'share'
        : (moreTabs.find((more) => more.value === askedTab)?.value ?? 'deck');
  const requestedPage = requestedPageOf(searchParams.get('page'));
  const cached = founderPitchDecksApi.endpoints.founderPitchDeck.useQueryState(deckId);
  const pollingInterval = deckPollingInterval(cached.data);
  const deck = useFounderPitchDeckQuery(deckId, { pollingInterval, skipPollingIfUnfocused: true });
  // The same cache entry as the version list's: an older version's file address comes from it.
  const versions = useFounderDeckVersionsQuery(deckId, { pollingInterval, skipPollingIfUnfocused: true });
  const [pickedVersion, setPickedVersion] = useState<number | null>(null);
  // The signed address may expire while the page stays open: ask for a fresh one, once per address.
  const refreshedUrl = useRef<string | null>(null);
  // "Investors keep seeing version 1 until it's ready" is over once version 2 is ready (or failed):
  // left up, it sat beside the live "Your deck is ready" (issue 18).
  const latestNumber = deck.data?.latestVersion.number;
  const isLatestProcessing = deck.data?.latestVersion.status === 'processing';
  useEffect(() => {
    if (latestNumber !== undefined && !isLatestProcessing)
      notifications.hide(versionUploadToastId(deckId, latestNumber));
  }, [deckId, latestNumber, isLatestProcessing]);

  const backLink = (
    <Anchor component={Link} to={listPath} fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> All pitch decks
      </Group>
    </Anchor>
  );

  if (deck.isLoading) return <DeckViewSkeleton />;

  if (!deck.data) {
    return (
      <DeckLoadProblem
        error={deck.error}
        backLink={backLink}
        notFoundDescription="This deck doesn't exist or isn't yours. Pick one from your pitch decks."
        onRetry={() => void deck.refetch()}
      />
    );
  }

  const data = deck.data;
  const isReady = data.status === 'ready';
  const shownNumber = shownVersionNumber(data, pickedVersion);
  // An older version's file comes from the version list; the live one's from the deck.
  const olderVersion = shownNumber === data.liveVersion ? null : versions.data?.find((v) => v.number === shownNumber);
  const fileUrl = olderVersion ? olderVersion.fileUrl : data.fileUrl;
  // The header counts the pages of the version in the viewer, not of the deck's newest or live one.
  const shownPageCount = versions.data?.find((v) => v.number === shownNumber)?.pageCount ?? data.pageCount;
  const pending = pendingVersionOf(data);
  const handleLoadError = () => {
    if (!fileUrl || refreshedUrl.current === fileUrl) return;
    refreshedUrl.current = fileUrl;
    void (olderVersion ? versions.refetch() : deck.refetch());
  };

  const shownStatus: ShownVersion['status'] =
    versions.data?.find((v) => v.number === shownNumber)?.status ??
    (shownNumber === data.latestVersion.number ? data.latestVersion.status : 'ready');
  const shown: ShownVersion = { number: shownNumber, status: shownStatus, pageCount: shownPageCount };
  // A tab of its own drops `?page=`, so coming back to the deck does not turn the viewer again.
  const handleTabChange = (value: string | null) =>
    setSearchParams(
      value === 'report' || value === 'share' || moreTabs.some((more) => more.value === value)
        ? { tab: value ?? '' }
        : {},
    );
  const readyVersions = (versions.data ?? [])
    .filter((version) => version.status === 'ready')
    .map((version) => version.number)
    .sort((a, b) => b - a);
  const olderVersionNotice = olderVersion ? (
    <Alert color="gray" variant="light" radius="lg" data-testid="older-version-notice">
      <Group justify="space-between" gap="xs">
        <Text fz="sm">
          You're looking at version {olderVersion.number}. Investors see version {data.liveVersion}.
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => setPickedVersion(null)}>
          Show the live version
        </Button>
      </Group>
    </Alert>
  ) : null;
  const deckContent = (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            {olderVersionNotice}
            {isReady && fileUrl ? (
              <DeckViewer
                // A new document for each version: the viewer starts again at page 1.
                key={shownNumber}
                fileUrl={fileUrl}
                title={`${data.title}, version ${shownNumber}`}
                onLoadError={handleLoadError}
                initialPage={requestedPage}
                pageRequestKey={locationKey}
                pageOverlay={renderPageOverlay ? (page) => renderPageOverlay(shown, page) : undefined}
              />
            ) : (
              <DeckNotViewable deck={data} submitPath={submitPath} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <FounderDeckAnalyticsSummary deckId={data.id} version={shownNumber} isReady={isReady} />
            <FounderDeckVersions
              deckId={data.id}
              shownVersion={shownNumber}
              onShow={(version) => setPickedVersion(version.number)}
              pollingInterval={pollingInterval}
            />
            {sidePanel}
          </Stack>
        </Grid.Col>
      </Grid>
      <FounderDeckAnalyticsDetail
        deckId={data.id}
        version={shownNumber}
        isVersioned={data.latestVersion.number > 1}
        isReady={isReady}
      />
    </>
  );

  return (
    <Stack gap="lg" data-testid="founder-deck-view" data-status={data.status}>
      <DeckHeader
        deck={data}
        pageCount={shownPageCount}
        typeSize={renderTypeSize?.(shown)}
        backLink={backLink}
        actions={
          // A row of its own, so the three actions wrap together on a phone.
          <Group gap="xs" wrap="wrap" w="100%">
            <FounderUploadVersion deckId={data.id} nextVersion={data.latestVersion.number + 1} />
            <FounderEditDeckDetails deck={data} />
            <FounderDeleteDeckButton
              deckId={data.id}
              title={data.title}
              interestCount={data.interestCount}
              onDeleted={() => navigate(listPath, { replace: true })}
            />
          </Group>
        }
      />
      {pending ? <PendingVersionNotice {...pending} /> : null}
      {renderReport || renderShare || moreTabs.length > 0 ? (
        <Tabs value={tab} onChange={handleTabChange}>
          <Tabs.List>
            <Tabs.Tab value="deck" leftSection={<IconPresentation size={16} aria-hidden />}>
              Deck
            </Tabs.Tab>
            {renderReport ? (
              <Tabs.Tab value="report" leftSection={<IconReportAnalytics size={16} aria-hidden />}>
                Report
              </Tabs.Tab>
            ) : null}
            {renderShare ? (
              <Tabs.Tab value="share" leftSection={<IconShare size={16} aria-hidden />}>
                Share
              </Tabs.Tab>
            ) : null}
            {moreTabs.map((more) => (
              <Tabs.Tab key={more.value} value={more.value} leftSection={more.icon}>
                {more.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="deck" pt="lg">
            {deckContent}
          </Tabs.Panel>
          <Tabs.Panel value="report" pt="lg" data-testid="founder-report-tab">
            {/* Asked for only once opened: most visits are to read the deck and its analytics. */}
            {tab === 'report' ? (
              <Stack gap="md">
                <ReportVersionBar
                  shownNumber={shownNumber}
                  liveVersion={data.liveVersion}
                  versions={versions.data}
                  onPick={setPickedVersion}
                />
                {renderReport?.(shown)}
              </Stack>
            ) : null}
          </Tabs.Panel>
          <Tabs.Panel value="share" pt="lg">
            {tab === 'share' ? renderShare?.({ readyVersions, pageCount: data.pageCount }) : null}
          </Tabs.Panel>
          {moreTabs.map((more) => (
            <Tabs.Panel key={more.value} value={more.value} pt="lg">
              {tab === more.value ? (
                <Stack gap="md">
                  {more.versionLabel ? (
                    <ReportVersionBar
                      label={more.versionLabel}
                      shownNumber={shownNumber}
                      liveVersion={data.liveVersion}
                      versions={versions.data}
                      onPick={setPickedVersion}
                    />
                  ) : null}
                  {more.render({ shown, readyVersions })}
                </Stack>
              ) : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        deckContent
      )}
    </Stack>
  );
}

type ReportVersionBarProps = {
  /** What the picked version is for ("Report of", "Comments on"). */
  label?: string;
  shownNumber: number;
  liveVersion: number | null;
  versions: { number: number; status: string }[] | undefined;
  onPick: (version: number | null) => void;
};

/** Which version the report describes, with a picker when the deck has more than one (the Deck tab's choice). */
function ReportVersionBar({ label = 'Report of', shownNumber, liveVersion, versions, onPick }: ReportVersionBarProps) {
  const isLive = shownNumber === liveVersion;
  // One version: the report names it itself, and there is nothing to pick.
  if (!versions || versions.length < 2) return null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={label}
        size="sm"
        w={220}
        allowDeselect={false}
        value={String(shownNumber)}
        data={versions.map((version) => ({
          value: String(version.number),
          label: `Version ${version.number}${version.number === liveVersion ? ' (live)' : ''}`,
        }))}
        onChange={(value) => onPick(value === null || Number(value) === liveVersion ? null : Number(value))}
        data-testid="report-version-select"
      />
      <Text fz="sm" c="dimmed" pb={6}>
        {isLive
          ? label === 'Report of'
            ? 'Investors see this version and its report.'
            : 'Investors see this version.'
          : `Investors see version ${liveVersion}.`}
      </Text>
    </Group>
  );
}

type DeckHeaderProps = {
  deck: FounderPitchDeck;
  /** Pages of the version shown in the viewer. */
  pageCount: number | null;
  /** The shown version's type size, as its report measures it. */
  typeSize?: ReactNode;
  backLink: ReactNode;
  actions?: ReactNode;
};

function DeckHeader({ deck, pageCount, typeSize, backLink, actions }: DeckHeaderProps) {
  useDocumentTitle(deck.title);
  const facts = [deck.company, deck.sector, deck.stage, `raising ${formatUsd(deck.amountSought)}`, deck.location];
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
          Submitted {formatDate(deck.createdAt)}
        </Text>
        {pageCount !== null ? (
          <Text fz="sm" c="dimmed" data-testid="deck-page-count">
            {pageCount === 1 ? '1 page' : `${pageCount} pages`}
          </Text>
        ) : null}
        {typeSize}
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
          <Group gap="sm">
            <FounderUploadVersion deckId={deck.id} nextVersion={deck.latestVersion.number + 1} />
            <Button component={Link} to={submitPath} color="red" variant="subtle" size="sm">
              Submit a new deck instead
            </Button>
          </Group>
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

/** A newer version than the live one that is processing or failed: investors still see the live one. */
function PendingVersionNotice({
  version,
  liveVersion,
}: {
  version: FounderPitchDeck['latestVersion'];
  liveVersion: number;
}) {
  if (version.status === 'processing') {
    return (
      <Alert
        color="yellow"
        variant="light"
        radius="lg"
        icon={<Loader size={16} color="yellow" aria-hidden />}
        title={`Version ${version.number} is processing`}
        data-testid="pending-version"
      >
        <Text fz="sm" role="status">
          Investors see version {liveVersion} until it's ready. This page updates by itself.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      icon={<IconAlertTriangle aria-hidden />}
      title={`We couldn't process version ${version.number}`}
      data-testid="pending-version"
    >
      <Text fz="sm">
        {version.failureReason ?? 'Something in the file stopped us from reading it.'} Investors still see version{' '}
        {liveVersion}.
      </Text>
    </Alert>
  );
}

function DeckViewSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the deck">
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
