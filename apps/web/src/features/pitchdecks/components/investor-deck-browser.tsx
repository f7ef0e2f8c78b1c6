import { sectors, stages } from '@deckvalid/contract/accounts';
import type { PitchDeckSort } from '@deckvalid/contract/pitchdecks';
import { formatCount } from '@deckvalid/contract/text';
import {
  Alert,
  Box,
  Button,
  CloseButton,
  EmptyState,
  Grid,
  Group,
  Loader,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertTriangle, IconFilterOff, IconSearch, IconTarget } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import {
  type DeckSearchState,
  deckSearchParams,
  effectiveSort,
  hasActiveFilters,
  investorDeckPageSize,
  maxSearchLength,
  parseDeckSearch,
  sortOptionsFor,
  toSearchArgs,
} from '../investor-deck-search';
import { useInvestorPitchDecksQuery } from '../investor-pitchdecks-api';
import { InvestorDeckCard, InvestorDeckCardSkeleton } from './investor-deck-card';

/** Typing settles for this long before the search runs and the URL changes. */
export const searchDebounceMs = 300;

type InvestorDeckBrowserProps = {
  /** The deck page's URL for a deck id (config/paths.ts lives in app/, which composes this). */
  deckPath: (id: string) => string;
  /** The deck's validation report page, linked from each card. */
  analysisPath?: (id: string) => string;
  /** A company's page by its founder's id, linked from each card. */
  companyPath?: (founderId: string) => string;
  /**
   * Whether the investor's info names thesis criteria: the list then ranks by fit and offers
   * "Matches my thesis". Undefined while that is not known yet; the search waits for it, so the
   * list is not fetched once unranked and again ranked.
   */
  hasThesis?: boolean;
};

/** Router state a card hands to the deck page: where "Back to decks" returns. */
export type DeckListReturnState = { listSearch: string };

const skeletonKeys = ['a', 'b', 'c', 'd', 'e', 'f'];
const sectorOptions = sectors.map((sector) => ({ value: sector, label: sector }));
const stageOptions = stages.map((stage) => ({ value: stage, label: stage }));

/**
 * The investor's deck search: a debounced search box, sector and stage filters, sort, pages.
 * Everything lives in the URL query string, so reload, back and a shared link show the same list.
 * Typing replaces the history entry (no entry per keystroke); filters, sort and pages push one.
 */
export function InvestorDeckBrowser({ deckPath, analysisPath, companyPath, hasThesis }: InvestorDeckBrowserProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const search = useMemo(() => parseDeckSearch(searchParams), [searchParams]);
  const [draft, setDraft] = useState(search.q);
  const searchRef = useRef(search);
  searchRef.current = search;

  const update = (changes: Partial<DeckSearchState>, { replace = false } = {}) => {
    // Any change but paging starts again at page 1: page 4 of another search means nothing.
    const next = { ...searchRef.current, page: 1, ...changes };
    setSearchParams(deckSearchParams(next), { replace });
  };

  // Typing → URL once the typing settles; replace, so Back does not step through keystrokes.
  const commitTerm = useDebouncedCallback((term: string) => {
    if (term.trim() !== searchRef.current.q.trim()) update({ q: term }, { replace: true });
  }, searchDebounceMs);

  const handleTermChange = (term: string) => {
    setDraft(term);
    commitTerm(term);
  };

  // URL → box: Back/Forward and "Clear filters" change the term under the box. While a typed
  // term waits to be committed, the box is ahead of the URL and keeps what was typed.
  useEffect(() => {
    if (commitTerm.isPending()) return;
    setDraft((current) => (current.trim() === search.q.trim() ? current : search.q));
  }, [search.q, commitTerm]);

  const isThesisKnown = hasThesis !== undefined;
  const canMatchThesis = hasThesis === true;
  const args = toSearchArgs(search, canMatchThesis);
  const query = useInvestorPitchDecksQuery(args, { skip: !isThesisKnown });
  // Signed file addresses expire; a thumbnail that fails asks for fresh ones, once per deck,
  // so a file that is broken for another reason cannot make the list refetch in a loop.
  const refreshedFor = useRef(new Set<string>());
  const handleFileUnavailable = (deckId: string) => {
    if (refreshedFor.current.has(deckId)) return;
    refreshedFor.current.add(deckId);
    void query.refetch();
  };
  // While another search loads, the previous results stay (dimmed); a failed search shows its
  // error instead of results that belong to other filters.
  const result = query.isError ? undefined : (query.currentData ?? query.data);
  const problem = query.isError ? describeApiError(query.error) : null;
  const pageCount = result ? Math.max(1, Math.ceil(result.meta.total / investorDeckPageSize)) : 1;
  const sort = effectiveSort(search, canMatchThesis);
  const isThesisOnly = search.isThesisOnly && canMatchThesis;
  const hasTerm = search.q.trim().length > 0;
  const isTyping = draft.trim() !== search.q.trim();
  const isRefreshing = query.isFetching && !query.isLoading;
  // The cards on screen answer an earlier search (typed further, or the new one loading): their
  // count would be read as the new search's (issue 18), so the line says "Searching…" meanwhile.
  const isShowingEarlierSearch = isTyping || (isRefreshing && query.currentData === undefined);

  // A bookmarked or shared page past the end (decks of a deleted account leave the list) answers
  // no rows: go to the last page that has some, rather than saying there are no decks.
  const isPastEnd = query.currentData !== undefined && query.currentData.data.length === 0 && search.page > pageCount;
  useEffect(() => {
    if (isPastEnd) setSearchParams(deckSearchParams({ ...searchRef.current, page: pageCount }), { replace: true });
  }, [isPastEnd, pageCount, setSearchParams]);

  const clearFilters = () => {
    commitTerm.cancel();
    setDraft('');
    setSearchParams(
      deckSearchParams({ q: '', sector: null, stage: null, sort: search.sort, isThesisOnly: false, page: 1 }),
    );
  };

  let results: ReactNode;
  if (query.isLoading || (!result && query.isFetching) || isPastEnd || !isThesisKnown) {
    results = (
      <CardGrid>
        {skeletonKeys.map((key) => (
          <InvestorDeckCardSkeleton key={key} />
        ))}
      </CardGrid>
    );
  } else if (problem) {
    results = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title="We couldn't load the decks"
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{problem.message}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (result && result.data.length === 0) {
    const isOnlyThesis = isThesisOnly && !hasActiveFilters({ ...search, isThesisOnly: false });
    results = isOnlyThesis ? (
      <EmptyState
        variant="light"
        py={48}
        icon={<IconTarget aria-hidden />}
        title="No decks match your whole thesis yet"
        description="A deck shows here when it meets every sector, stage, ticket size and place in your investor info. Widen them, or see every deck ranked by fit."
        data-testid="deck-list-empty"
      >
        <EmptyState.Actions>
          <Button variant="light" onClick={() => update({ isThesisOnly: false })}>
            Show every deck
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : hasActiveFilters(search) ? (
      <EmptyState
        variant="light"
        py={48}
        icon={<IconSearch aria-hidden />}
        title="No decks match your search"
        description="Try other words, or clear the filters to see every deck."
        data-testid="deck-list-empty"
      >
        <EmptyState.Actions>
          <Button variant="light" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={clearFilters}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    ) : (
      <EmptyState
        variant="light"
        py={48}
        icon={<IconSearch aria-hidden />}
        title="No decks yet"
        description="Decks appear here as soon as founders submit them and they finish processing."
        data-testid="deck-list-empty"
      />
    );
  } else if (result) {
    results = (
      <Box style={{ opacity: isRefreshing ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={isRefreshing}>
        <CardGrid>
          {result.data.map((deck) => (
            <InvestorDeckCard
              key={deck.id}
              deck={deck}
              to={deckPath(deck.id)}
              analysisTo={analysisPath?.(deck.id)}
              companyTo={companyPath?.(deck.founder.id)}
              linkState={{ listSearch: location.search } satisfies DeckListReturnState}
              onFileUnavailable={() => handleFileUnavailable(deck.id)}
            />
          ))}
        </CardGrid>
      </Box>
    );
  }

  return (
    <Stack gap="lg">
      <Box role="search" aria-label="Find decks">
        <Stack gap="sm">
          <TextInput
            label="Search decks"
            placeholder="Company, pitch or slide text"
            value={draft}
            onChange={(event) => handleTermChange(event.currentTarget.value)}
            maxLength={maxSearchLength}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              isTyping || (query.isFetching && hasTerm) ? (
                <Loader size={14} aria-label="Searching" />
              ) : draft ? (
                <CloseButton size="sm" aria-label="Clear search" onClick={() => handleTermChange('')} />
              ) : null
            }
            size="md"
            autoComplete="off"
          />
          <Grid gap="sm">
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Select
                label="Sector"
                placeholder="All sectors"
                data={sectorOptions}
                value={search.sector}
                onChange={(value) => update({ sector: (value as DeckSearchState['sector']) ?? null })}
                clearable
                searchable
                comboboxProps={{ withinPortal: true }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 4 }}>
              <Select
                label="Stage"
                placeholder="All stages"
                data={stageOptions}
                value={search.stage}
                onChange={(value) => update({ stage: (value as DeckSearchState['stage']) ?? null })}
                clearable
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label="Sort"
                data={sortOptionsFor(canMatchThesis && !hasTerm).map((option) => ({
                  ...option,
                  disabled: option.value === 'relevance' && !hasTerm && !canMatchThesis,
                }))}
                value={sort}
                onChange={(value) => {
                  if (value) update({ sort: value as PitchDeckSort });
                }}
                allowDeselect={false}
              />
            </Grid.Col>
          </Grid>
          {canMatchThesis ? (
            <Switch
              label="Matches my thesis"
              description="Only decks that meet every sector, stage, ticket size and place in your investor info."
              checked={isThesisOnly}
              onChange={(event) => update({ isThesisOnly: event.currentTarget.checked })}
              data-testid="thesis-filter"
            />
          ) : null}
        </Stack>
      </Box>

      {result && result.data.length > 0 ? (
        <Group justify="space-between" gap="xs" mt={-6}>
          <Text fz="sm" c="dimmed" aria-live="polite" data-testid="deck-list-count">
            {isShowingEarlierSearch ? (
              'Searching…'
            ) : (
              <>
                {result.meta.total === 1 ? '1 deck' : `${formatCount(result.meta.total)} decks`}
                {hasTerm ? ` for “${search.q.trim()}”` : ''}
                {isThesisOnly
                  ? ' matching your thesis'
                  : sort === 'relevance' && canMatchThesis && !hasTerm
                    ? ', best fit first'
                    : ''}
              </>
            )}
          </Text>
        </Group>
      ) : null}

      {results}

      {result && pageCount > 1 ? (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(search.page, pageCount)}
            onChange={(page) => {
              update({ page });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page of decks' : 'Next page of decks',
            })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page} of decks` })}
            siblings={1}
            boundaries={1}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

/** One column on phones, two on tablets, three on desktops. */
function CardGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="md" data-testid="deck-list">
      {children}
    </SimpleGrid>
  );
}
