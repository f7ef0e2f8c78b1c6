import type { CommentRegion, DeckComment } from '@deckvalid/contract/deck-comments';
import type { MentorPitchDeck } from '@deckvalid/contract/pitchdecks';
import { Anchor, Button, Grid, Group, Select, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconClipboardCheck,
  IconGitCompare,
  IconPresentation,
  IconReportAnalytics,
} from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { type MentorDeckTab, paths } from '@/config/paths';
import { MentorDeckAnalysis } from '@/features/analysis/components/deck-analysis';
import { selectUser } from '@/features/auth/auth-slice';
import { CommentRegionsLayer } from '@/features/deck-feedback/components/comment-regions-layer';
import { CommentsPanel } from '@/features/deck-feedback/components/comments-panel';
import { MentorReviewPanel } from '@/features/deck-feedback/components/deck-reviews';
import { VersionChanges } from '@/features/deck-feedback/components/version-changes';
import { useDeckCommentsQuery } from '@/features/deck-feedback/feedback-api';
import { regionsOnPage } from '@/features/deck-feedback/feedback-model';
import { DeckLoadProblem } from '@/features/pitchdecks/components/deck-load-problem';
import { useMentorDeckVersionsQuery, useMentorPitchDeckQuery } from '@/features/pitchdecks/mentor-pitchdecks-api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { formatDate } from '@/shared/lib/format-date';
import { formatUsd } from '@/shared/lib/format-money';
import { DeckViewer } from '@/shared/pdf/deck-viewer';
import { requestedPageOf } from '@/shared/pdf/viewer-controls';

const tabs: readonly MentorDeckTab[] = ['review', 'report', 'changes'];
const isTab = (value: string | null): value is MentorDeckTab => tabs.includes(value as MentorDeckTab);

/**
 * /mentor/decks/{deckId}: a deck of a founder the mentor helps. A ready version picked (the live
 * one at first) in the viewer with its page comments beside it (below on a phone), where the
 * mentor comments on the page shown, a region of it drawn by dragging; the review of that version,
 * its validation report, and what changed between two versions in their own tabs. The version,
 * tab and page live in the address, so a link or a reload shows the same.
 */
export function MentorDeckPage() {
  const { deckId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const deck = useMentorPitchDeckQuery(deckId, { skip: !deckId });
  const versions = useMentorDeckVersionsQuery(deckId, { skip: !deckId });
  useDocumentTitle(deck.data?.title);

  if (!deckId) return <Navigate to={paths.mentor.home} replace />;

  const backLink = (
    <Anchor component={Link} to={paths.mentor.home} fz="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> Founders you mentor
      </Group>
    </Anchor>
  );

  if (deck.isLoading || (versions.isLoading && !versions.data)) return <MentorDeckSkeleton />;
  if (!deck.data) {
    return (
      <DeckLoadProblem
        error={deck.error}
        backLink={backLink}
        notFoundDescription="This deck was removed, or its founder no longer has you as a mentor."
        onRetry={() => void deck.refetch()}
      />
    );
  }

  const data = deck.data;
  const readyVersions = versions.data ?? [];
  const asked = Number(searchParams.get('version'));
  const shown = readyVersions.find((version) => version.number === asked) ?? readyVersions.find((v) => v.isLive);
  const shownNumber = shown?.number ?? data.liveVersion;
  const fileUrl = shown?.fileUrl ?? data.fileUrl;
  const askedTab = searchParams.get('tab');
  const tab = isTab(askedTab) ? askedTab : 'deck';
  // A tab or a version of its own drops `?page=`, so coming back to the deck does not turn the viewer again.
  const go = (at: { version?: number; tab?: MentorDeckTab }) => {
    const next = new URLSearchParams();
    if (at.tab) next.set('tab', at.tab);
    if (at.version !== undefined && at.version !== data.liveVersion) next.set('version', String(at.version));
    setSearchParams(next);
  };

  return (
    <Stack gap="lg" data-testid="mentor-deck-page">
      <MentorDeckHeader deck={data} backLink={backLink} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Version"
          w={220}
          allowDeselect={false}
          value={String(shownNumber)}
          data={readyVersions.map((version) => ({
            value: String(version.number),
            label: `Version ${version.number}${version.isLive ? ' (live)' : ''}`,
          }))}
          onChange={(value) => value && go({ version: Number(value), tab: tab === 'deck' ? undefined : tab })}
          data-testid="mentor-version-select"
        />
        <Text fz="sm" c="dimmed" pb={6}>
          {shown?.readyAt ? `Ready ${formatDate(shown.readyAt)}` : ''}
          {shown?.pageCount ? ` · ${shown.pageCount} pages` : ''}
          {shown && !shown.isLive ? ` · investors see version ${data.liveVersion}` : ''}
        </Text>
        <Button
          component={Link}
          to={paths.mentor.deck(deckId, { version: shownNumber, tab: 'report' })}
          variant="subtle"
          size="sm"
          leftSection={<IconReportAnalytics size={16} aria-hidden />}
          mb={2}
          data-testid="mentor-report-link"
        >
          Validation report of version {shownNumber}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => go({ version: shownNumber, tab: isTab(value) ? value : undefined })}>
        <Tabs.List>
          <Tabs.Tab value="deck" leftSection={<IconPresentation size={16} aria-hidden />}>
            Deck and comments
          </Tabs.Tab>
          <Tabs.Tab value="review" leftSection={<IconClipboardCheck size={16} aria-hidden />}>
            Review
          </Tabs.Tab>
          <Tabs.Tab value="report" leftSection={<IconReportAnalytics size={16} aria-hidden />}>
            Report
          </Tabs.Tab>
          <Tabs.Tab value="changes" leftSection={<IconGitCompare size={16} aria-hidden />}>
            What changed
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="deck" pt="lg">
          {tab === 'deck' ? (
            <DeckWithComments
              // A new version starts the viewer, the page and the region afresh.
              key={shownNumber}
              deckId={deckId}
              title={`${data.title}, version ${shownNumber}`}
              version={shownNumber}
              fileUrl={fileUrl}
              initialPage={requestedPageOf(searchParams.get('page'))}
              onLoadError={() => void versions.refetch()}
            />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="review" pt="lg">
          {tab === 'review' ? <MentorReviewPanel deckId={deckId} version={shownNumber} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="report" pt="lg">
          {tab === 'report' ? (
            <MentorDeckAnalysis
              deckId={deckId}
              version={shownNumber}
              pageHref={(page) => paths.mentor.deck(deckId, { version: shownNumber, page })}
            />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="changes" pt="lg">
          {tab === 'changes' ? (
            <VersionChanges deckId={deckId} side="mentor" versions={readyVersions.map((version) => version.number)} />
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

type DeckWithCommentsProps = {
  deckId: string;
  title: string;
  version: number;
  fileUrl: string;
  initialPage: number | undefined;
  onLoadError: () => void;
};

/** The viewer with the comment regions drawn on its page, and the comments panel beside it. */
function DeckWithComments({ deckId, title, version, fileUrl, initialPage, onLoadError }: DeckWithCommentsProps) {
  const viewerId = useSelector(selectUser)?.id ?? '';
  const comments = useDeckCommentsQuery(deckId);
  const [currentPage, setCurrentPage] = useState(initialPage ?? 1);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [isDrawing, setIsDrawing] = useState(false);
  // The region belongs to the page it was drawn on: turning the page drops it.
  const [draft, setDraft] = useState<{ page: number; region: CommentRegion } | null>(null);
  const [pageRequest, setPageRequest] = useState<{ page?: number; key: string }>({ page: initialPage, key: 'first' });
  const requestCount = useRef(0);
  const draftRegion = draft && draft.page === currentPage ? draft.region : null;

  // Drawing stops when the reader turns the page, not when the viewer first tells its page.
  const lastPage = useRef(currentPage);
  const handlePageChange = useCallback((page: number) => {
    if (page !== lastPage.current) setIsDrawing(false);
    lastPage.current = page;
    setCurrentPage(page);
  }, []);
  const handleShow = (comment: DeckComment) => {
    setHighlightedId(comment.id);
    requestCount.current += 1;
    setPageRequest({ page: comment.page, key: `show-${requestCount.current}` });
  };
  const handleSelectRegion = (commentId: string) => {
    setHighlightedId(commentId);
    document.querySelector(`[data-comment-id="${CSS.escape(commentId)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <DeckViewer
          fileUrl={fileUrl}
          title={title}
          onLoadError={onLoadError}
          initialPage={pageRequest.page}
          pageRequestKey={pageRequest.key}
          onPageChange={handlePageChange}
          pageOverlay={(page) => (
            <CommentRegionsLayer
              comments={regionsOnPage(comments.data ?? [], version, page)}
              highlightedId={highlightedId}
              isDrawing={isDrawing}
              draftRegion={draft && draft.page === page ? draft.region : null}
              onDraw={(region) => {
                setIsDrawing(false);
                setDraft(region ? { page, region } : null);
              }}
              onSelect={handleSelectRegion}
            />
          )}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <CommentsPanel
          deckId={deckId}
          version={version}
          currentPage={currentPage}
          viewerId={viewerId}
          highlightedId={highlightedId}
          onShow={handleShow}
          regionDraft={{
            isDrawing,
            region: draftRegion,
            onToggleDrawing: () => setIsDrawing((current) => !current),
            onClear: () => {
              setDraft(null);
              setIsDrawing(false);
            },
          }}
        />
      </Grid.Col>
    </Grid>
  );
}

function MentorDeckHeader({ deck, backLink }: { deck: MentorPitchDeck; backLink: React.ReactNode }) {
  const facts = [deck.company, deck.sector, deck.stage, `raising ${formatUsd(deck.amountSought)}`, deck.location];
  return (
    <Stack gap="xs">
      {backLink}
      <Text fz="sm" fw={700} tt="uppercase" c="indigo.8" lts={0.4}>
        {deck.founder.name}
      </Text>
      <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
        {deck.title}
      </Title>
      <Text c="dimmed" fz="sm">
        {facts.join(' · ')}
      </Text>
    </Stack>
  );
}

function MentorDeckSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the deck">
      <Skeleton h={14} w={140} />
      <Skeleton h={30} w="50%" />
      <Skeleton h={14} w="70%" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Skeleton h={420} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Skeleton h={240} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
