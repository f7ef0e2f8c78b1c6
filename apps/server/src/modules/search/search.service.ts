import type { Role } from '@deckvalid/contract/auth';
import type { ChatRoomType } from '@deckvalid/contract/chat';
import {
  nameMatches,
  queryWordsOf,
  type SearchQuery,
  type SearchResponse,
  searchLimits,
} from '@deckvalid/contract/search';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { canSearch } from './search.policy';

// The search module owns no table: it asks each owning module, as the caller, through the small
// interfaces below (answered by those modules' services in app.ts), so each module's own
// visibility rule decides what can be found; none is restated here.

/** The most of each kind read before matching: more than a palette user owns of any kind. */
const readAtMost = 100;

/** A founder's own decks (any status), newest first (the pitch decks module answers it). */
export type SearchableDecks = {
  listMine(
    principal: Principal,
    page: { page: number; limit: number },
  ): Promise<{ data: { id: string; title: string; company: string }[] }>;
  /** The decks an investor may see (ready ones); none for anyone else. */
  listVisibleNames(principal: Principal): Promise<{ id: string; title: string; company: string }[]>;
};

/** The milestones and tasks the caller may read (the milestones module answers it). */
export type SearchableMilestones = {
  list(
    principal: Principal,
    query: { page: number; limit: number; archived: boolean },
  ): Promise<{ data: { id: string; title: string; pitchDeck: { title: string } }[] }>;
  findReadableTasks(
    principal: Principal,
    words: readonly string[],
    limit: number,
  ): Promise<{ id: string; key: string; title: string; milestoneId: string; milestoneTitle: string }[]>;
};

/** The rooms the caller is or was in, most recent activity first (the chat module answers it). */
export type SearchableRooms = {
  listRooms(
    principal: Principal,
    query: { page: number; limit: number },
  ): Promise<{ rooms: { id: string; name: string; type: ChatRoomType }[] }>;
};

/** The people an interest ties the caller to (the chat module's contacts answer it). */
export type SearchablePeople = {
  listContacts(
    principal: Principal,
    query: { page: number; limit: number },
  ): Promise<{ data: { id: string; name: string; role: Role }[] }>;
};

/** GET /api/v1/search: decks, milestones, tasks, rooms and people the caller may open. */
export class SearchService {
  constructor(
    private readonly deps: {
      decks: SearchableDecks;
      milestones: SearchableMilestones;
      rooms: SearchableRooms;
      people: SearchablePeople;
    },
  ) {}

  async search(principal: Principal, query: SearchQuery): Promise<SearchResponse> {
    if (!canSearch(principal)) throw new AppError('FORBIDDEN', 'Sign in as a founder or an investor to search.');
    const words = queryWordsOf(query.q);
    const all = { page: 1, limit: readAtMost };
    const [decks, milestones, tasks, rooms, people] = await Promise.all([
      principal.role === 'investor'
        ? this.deps.decks.listVisibleNames(principal)
        : this.deps.decks.listMine(principal, all).then((page) => page.data),
      this.deps.milestones.list(principal, { ...all, archived: false }).then((page) => page.data),
      this.deps.milestones.findReadableTasks(principal, words, searchLimits.perKind),
      this.deps.rooms.listRooms(principal, all).then((page) => page.rooms),
      this.deps.people.listContacts(principal, all).then((page) => page.data),
    ]);
    const first = <T>(items: T[], nameOf: (item: T) => string) =>
      items.filter((item) => nameMatches(nameOf(item), words)).slice(0, searchLimits.perKind);
    return {
      decks: first(decks, (deck) => `${deck.title} ${deck.company}`).map(({ id, title, company }) => ({
        id,
        title,
        companyName: company,
      })),
      milestones: first(milestones, (milestone) => milestone.title).map(({ id, title, pitchDeck }) => ({
        id,
        title,
        deckTitle: pitchDeck.title,
      })),
      tasks,
      rooms: first(rooms, (room) => room.name).map(({ id, name, type }) => ({ id, name, type })),
      people: first(people, (person) => person.name).map(({ id, name, role }) => ({ id, name, role })),
    };
  }
}
