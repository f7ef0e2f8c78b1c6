import { type Sector, type Stage, sectors, stages } from '@deckvalid/contract/accounts';
import type { MyInterest, PitchDeckSort } from '@deckvalid/contract/pitchdecks';
import type { InvestorDeckSearch } from './investor-pitchdecks-api';

/** Cards per page: a multiple of the 1, 2 and 3 columns the grid uses. */
export const investorDeckPageSize = 12;

/** The search box, filters, sort and page as the URL query string holds them. */
export type DeckSearchState = {
  q: string;
  sector: Sector | null;
  stage: Stage | null;
  /** null: the default, best match with a search term and newest without. */
  sort: PitchDeckSort | null;
  page: number;
};

export const sortOptions: { value: PitchDeckSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'amount_desc', label: 'Amount: high to low' },
  { value: 'amount_asc', label: 'Amount: low to high' },
];

const sortValues = new Set<string>(sortOptions.map((option) => option.value));
const isSector = (value: string | null): value is Sector =>
  value !== null && (sectors as readonly string[]).includes(value);
const isStage = (value: string | null): value is Stage =>
  value !== null && (stages as readonly string[]).includes(value);
const isSort = (value: string | null): value is PitchDeckSort => value !== null && sortValues.has(value);

/** Longest search the contract accepts. */
export const maxSearchLength = 200;

/**
 * Reads the search from a URL. Anything unknown (a sector renamed since the link was shared, a
 * page of "abc") reads as "not set" rather than as an error the server would answer with 400.
 */
export function parseDeckSearch(params: URLSearchParams): DeckSearchState {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, maxSearchLength),
    sector: isSector(params.get('sector')) ? (params.get('sector') as Sector) : null,
    stage: isStage(params.get('stage')) ? (params.get('stage') as Stage) : null,
    sort: isSort(params.get('sort')) ? (params.get('sort') as PitchDeckSort) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The URL form of a search: defaults left out, so a fresh list is just /investor. */
export function deckSearchParams(state: DeckSearchState): URLSearchParams {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set('q', q);
  if (state.sector) params.set('sector', state.sector);
  if (state.stage) params.set('stage', state.stage);
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The sort the list is in: the default depends on whether there is a search term. */
export function effectiveSort(state: Pick<DeckSearchState, 'q' | 'sort'>): PitchDeckSort {
  const hasTerm = state.q.trim().length > 0;
  if (state.sort === 'relevance' && !hasTerm) return 'newest';
  return state.sort ?? (hasTerm ? 'relevance' : 'newest');
}

/** The query arguments of a search (RTK Query caches one entry per distinct object value). */
export function toSearchArgs(state: DeckSearchState): InvestorDeckSearch {
  return {
    q: state.q.trim() || undefined,
    sector: state.sector ?? undefined,
    stage: state.stage ?? undefined,
    sort: effectiveSort(state),
    page: state.page,
    limit: investorDeckPageSize,
  };
}

/** Whether anything narrows the list (the "clear filters" button has something to clear). */
export function hasActiveFilters(state: DeckSearchState): boolean {
  return state.q.trim().length > 0 || state.sector !== null || state.stage !== null;
}

/** Badge words and colours of the investor's own interest; the words are what browser tests read. */
export const myInterestDisplay: Record<MyInterest['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'teal' },
  declined: { label: 'Declined', color: 'red' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
};

/** "1 page", "12 pages", or null while the count is unknown. */
export function pageCountLabel(pageCount: number | null): string | null {
  if (pageCount === null) return null;
  return `${pageCount} ${pageCount === 1 ? 'page' : 'pages'}`;
}
