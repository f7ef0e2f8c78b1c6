import { Alert, Anchor, Badge, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AnalysisReportLink } from '@/features/analysis/components/deck-analysis';
import { SinceYouRead } from '@/features/deck-feedback/components/since-you-read';
import { InvestorInterestActions } from '@/features/interests/components/investor-interest-actions';
import type { DeckListReturnState } from '@/features/pitchdecks/components/investor-deck-browser';
import { InvestorDeckDetails } from '@/features/pitchdecks/components/investor-deck-details';
import { InvestorDeckUnavailable } from '@/features/pitchdecks/components/investor-deck-unavailable';
import { useViewRecorder } from '@/features/pitchdecks/hooks/use-view-recorder';
import { pageCountLabel } from '@/features/pitchdecks/investor-deck-search';
import { useInvestorPitchDeckQuery } from '@/features/pitchdecks/investor-pitchdecks-api';
import { describeApiError } from '@/shared/api/api-error';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { formatUsd } from '@/shared/lib/format-money';
import { DeckViewer } from '@/shared/pdf/deck-viewer';
import { requestedPageOf } from '@/shared/pdf/viewer-controls';
import { MessageButton } from '@/shared/ui/message-button';

/** The list's query string the deck was opened from, so "Back to decks" keeps the search. */
function useListSearch(): string {
  const state = useLocation().state as Partial<DeckListReturnState> | null;
  const search = state?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? search : '';
}

/**
 * /investor/pitchdecks/:id: one ready deck. The viewer reports reading time per page (view
 * analytics), the interest panel shows and changes the investor's interest, the details panel
 * lists the round. Wide screens: title and interest side by side, viewer full width below.
 * Phones: title, viewer, interest, details.
 */
export function InvestorPitchDeckPage() {
  const { id = '' } = useParams();
  const backTo = `${paths.investor.home}${useListSearch()}`;
  const deckQuery = useInvestorPitchDeckQuery(id, { skip: !id });
  const deck = deckQuery.currentData ?? (deckQuery.data?.id === id ? deckQuery.data : undefined);
  const recordPageTime = useViewRecorder(id || undefined);
  // `?page=N`: the validation report's section and figure links open the viewer at their page.
  const [searchParams] = useSearchParams();
  const requestedPage = requestedPageOf(searchParams.get('page'));
  const locationKey = useLocation().key;
  useDocumentTitle(deck?.title);

  // The file address is re-signed on every answer; the viewer keeps the first one of this visit,
  // or it would download and redraw the deck after each interest change.
  const [viewerFile, setViewerFile] = useState<{ deckId: string; url: string } | null>(null);
  if (deck && viewerFile?.deckId !== deck.id) setViewerFile({ deckId: deck.id, url: deck.fileUrl });
  const retriedDeckIdRef = useRef<string | null>(null);

  // The first failure is most likely an address that expired while the page sat open: ask for
  // the deck again (a fresh address) once; a second failure stays on the viewer's error screen.
  const handleViewerError = async () => {
    if (retriedDeckIdRef.current === id) return;
    retriedDeckIdRef.current = id;
    const fresh = await deckQuery.refetch();
    if (fresh.data) setViewerFile({ deckId: fresh.data.id, url: fresh.data.fileUrl });
  };

  const backLink = (
    <Anchor component={Link} to={backTo} fz="sm" fw={500} w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Back to decks
      </Group>
    </Anchor>
  );

  if (!deck && deckQuery.isError) {
    const problem = describeApiError(deckQuery.error);
    if (problem.code === 'NOT_FOUND' || problem.status === 404) return <InvestorDeckUnavailable backLink={backLink} />;
    return (
      <Stack gap="lg">
        {backLink}
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="We couldn't load this deck"
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{problem.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void deckQuery.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  if (!deck || !viewerFile) {
    return (
      <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the deck">
        {backLink}
        <Stack gap={8}>
          <Skeleton h={12} w={120} />
          <Skeleton h={30} w="60%" />
          <Skeleton h={14} w="80%" />
        </Stack>
        <Skeleton h={420} radius="md" />
        <Skeleton h={140} radius="md" />
      </Stack>
    );
  }

  const pages = pageCountLabel(deck.pageCount);
  return (
    <Stack gap="lg">
      {backLink}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} order={1}>
          <Stack gap={6}>
            <Anchor
              component={Link}
              to={paths.investor.company(deck.founder.id)}
              fz="sm"
              fw={700}
              tt="uppercase"
              c="indigo.7"
              lts={0.4}
              w="fit-content"
              title={`${deck.company}: the company page`}
              data-testid="deck-company-link"
            >
              {deck.company}
            </Anchor>
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {deck.title}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {deck.pitch}
            </Text>
            <Group gap={6} mt={4}>
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {deck.sector}
              </Badge>
              <Badge variant="light" color="indigo" radius="sm" tt="none">
                {deck.stage}
              </Badge>
              <Badge variant="outline" color="gray" radius="sm" tt="none">
                Raising {formatUsd(deck.amountSought, { isCompact: true })}
              </Badge>
              {pages ? (
                <Badge variant="outline" color="gray" radius="sm" tt="none">
                  {pages}
                </Badge>
              ) : null}
            </Group>
            <Group mt={6} gap="xs">
              <AnalysisReportLink deckId={deck.id} to={paths.investor.analysis(deck.id)} />
              {/* The two may talk while the interest is pending or accepted (docs/chat.md). */}
              {deck.myInterest?.status === 'pending' || deck.myInterest?.status === 'accepted' ? (
                <MessageButton
                  participantId={deck.founder.id}
                  participantName={deck.founder.name}
                  label={`Message ${deck.founder.name}`}
                />
              ) : null}
            </Group>
            <SinceYouRead deckId={deck.id} liveVersion={deck.version} readVersions={deck.readVersions ?? []} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: 3, md: 2 }}>
          <InvestorInterestActions pitchDeckId={deck.id} company={deck.company} myInterest={deck.myInterest} />
        </Grid.Col>
        <Grid.Col span={12} order={{ base: 2, md: 3 }}>
          <DeckViewer
            key={deck.id}
            fileUrl={viewerFile.url}
            title={deck.title}
            onPageTime={recordPageTime}
            onLoadError={handleViewerError}
            initialPage={requestedPage}
            pageRequestKey={locationKey}
          />
        </Grid.Col>
        <Grid.Col span={12} order={4}>
          <InvestorDeckDetails deck={deck} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
