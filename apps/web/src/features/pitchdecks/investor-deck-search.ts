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
  /** null: the default, best fit (or best match) when there is a thesis or a term, else newest. */
  sort: PitchDeckSort | null;
  /** "Matches my thesis": only decks that meet every criterion of the investor's info. */
  isThesisOnly: boolean;
  page: number;
};

/** The URL's form of "Matches my thesis" (`?thesis=match`); inbox news links to it too. */
export const thesisParam = { name: 'thesis', value: 'match' } as const;

/**
 * The sort choices; `relevance` reads "Best fit" when the investor's thesis ranks the list, which
 * it does first only while no words are searched for (words rank first, fit breaks their ties).
 */
export function sortOptionsFor(hasThesis: boolean): { value: PitchDeckSort; label: string }[] {
  return sortOptions.map((option) =>
    option.value === 'relevance' && hasThesis ? { ...option, label: 'Best fit' } : option,
  );
}

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
    isThesisOnly: params.get(thesisParam.name) === thesisParam.value,
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
  if (state.isThesisOnly) params.set(thesisParam.name, thesisParam.value);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/**
 * The sort the list is in. Relevance needs something to rank by, a search term or the investor's
 * thesis (the server ranks by fit first); without either it is newest, as it is by default.
 */
export function effectiveSort(state: Pick<DeckSearchState, 'q' | 'sort'>, hasThesis = false): PitchDeckSort {
  const canRank = state.q.trim().length > 0 || hasThesis;
  if (state.sort === 'relevance' && !canRank) return 'newest';
  return state.sort ?? (canRank ? 'relevance' : 'newest');
}

/**
 * The query arguments of a search (RTK Query caches one entry per distinct object value). The
 * thesis filter is sent only for an investor who has a thesis: a shared link with `?thesis=match`
 * opened by anyone else shows every deck rather than a refusal.
 */
export function toSearchArgs(state: DeckSearchState, hasThesis = false): InvestorDeckSearch {
  return {
    q: state.q.trim() || undefined,
    sector: state.sector ?? undefined,
    stage: state.stage ?? undefined,
    sort: effectiveSort(state, hasThesis),
    ...(state.isThesisOnly && hasThesis ? { matchesThesis: true } : {}),
    page: state.page,
    limit: investorDeckPageSize,
  };
}

/** Whether anything narrows the list (the "clear filters" button has something to clear). */
export function hasActiveFilters(state: DeckSearchState): boolean {
  return state.q.trim().length > 0 || state.sector !== null || state.stage !== null || state.isThesisOnly;
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
