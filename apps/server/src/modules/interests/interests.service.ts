import {
  canMoveInterest,
  type DecideInterestBody,
  type FounderInterest,
  type FounderInterestsQuery,
  type InvestorInterest,
  type InvestorInterestPage,
  type InvestorInterestsQuery,
  type InvestorInterestWithDeck,
  type MilestoneInvestor,
  type ShowInterestBody,
} from '@deckvalid/contract/interests';
import { type Page, pageMeta } from '@deckvalid/contract/pagination';
import type { EventBus } from '@/core/events';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import type { PitchDecksService } from '@/modules/pitchdecks/pitchdecks.service';
import { canChangeOwnInterest, canDecideInterest } from './interests.policy';
import type {
  DeckPeriodInterests,
  Interest,
  InterestDayFigures,
  InterestDayRange,
  InterestsRepository,
  InterestWithDeck,
  InterestWithParties,
} from './interests.repository';

const conflict = (message: string, current: Interest['status']) =>
  new AppError('CONFLICT', message, { status: current });

/**
 * The interest lifecycle of docs/interest-lifecycle.md. Every change is a conditional update
 * from the status that was read, so two racing calls cannot both pass a rule.
 */
export class InterestsService {
  constructor(
    private readonly repo: InterestsRepository,
    private readonly pitchDecks: PitchDecksService,
    private readonly events: EventBus,
  ) {}

  /** After the change committed: the parties' ids, so subscribers can notify both sides. */
  private announce(name: 'interest.shown' | 'interest.withdrawn', interest: Interest, founderId: string): void {
    this.events.emit(name, {
      interestId: interest.id,
      pitchDeckId: interest.pitchDeckId,
      founderId,
      investorId: interest.investorId,
    });
  }

  /** Shows interest in a ready deck, or reopens a withdrawn interest as pending with the new note. */
  async show(principal: Principal, pitchDeckId: string, body: ShowInterestBody): Promise<InvestorInterest> {
    const deck = await this.pitchDecks.requireVisibleDeck(principal, pitchDeckId);
    const created = await this.repo.insertPending(pitchDeckId, principal.accountId, body.note);
    if (created) {
      this.announce('interest.shown', created, deck.founderId);
      return toInvestorInterest(created);
    }
    const existing = await this.repo.findByDeckAndInvestor(pitchDeckId, principal.accountId);
    if (!existing) throw new Error('interest vanished between insert and read');
    if (!canMoveInterest(existing.status, 'pending', 'investor')) {
      throw conflict(
        existing.status === 'declined'
          ? 'The founder declined your interest in this deck; it cannot be shown again.'
          : `You already showed interest in this deck (it is ${existing.status}).`,
        existing.status,
      );
    }
    const reopened = await this.repo.updateStatus(existing.id, existing.status, 'pending', { note: body.note });
    if (!reopened) throw conflict('Your interest changed meanwhile. Reload the page.', existing.status);
    this.announce('interest.shown', reopened, deck.founderId);
    return toInvestorInterest(reopened);
  }

  /** The investor withdraws a pending or accepted interest. */
  async withdraw(principal: Principal, pitchDeckId: string): Promise<InvestorInterest> {
    const deck = await this.pitchDecks.requireVisibleDeck(principal, pitchDeckId);
    const existing = await this.repo.findByDeckAndInvestor(pitchDeckId, principal.accountId);
    if (!existing || !canChangeOwnInterest(principal, existing)) {
      throw new AppError('NOT_FOUND', 'You have not shown interest in this deck.');
    }
    if (!canMoveInterest(existing.status, 'withdrawn', 'investor')) {
      throw conflict(`Your interest is ${existing.status}; it cannot be withdrawn.`, existing.status);
    }
    const withdrawn = await this.repo.updateStatus(existing.id, existing.status, 'withdrawn');
    if (!withdrawn) throw conflict('Your interest changed meanwhile. Reload the page.', existing.status);
    this.announce('interest.withdrawn', withdrawn, deck.founderId);
    return toInvestorInterest(withdrawn);
  }

  /** The deck's founder accepts or declines a pending interest. */
  async decide(
    principal: Principal,
    pitchDeckId: string,
    interestId: string,
    body: DecideInterestBody,
  ): Promise<FounderInterest> {
    // One read: the interest joined with its deck, whose founder the policy checks. Anyone but
    // that founder gets the same 404 as for a missing interest.
    const interest = await this.repo.findWithPartiesById(interestId);
    if (!interest || interest.pitchDeckId !== pitchDeckId || !canDecideInterest(principal, interest)) {
      throw new AppError('NOT_FOUND', 'This interest does not exist on this deck.');
    }
    if (!canMoveInterest(interest.status, body.status, 'founder')) {
      throw conflict(
        `This interest is ${interest.status}; only a pending interest can be accepted or declined.`,
        interest.status,
      );
    }
    const moved = await this.repo.updateStatus(interest.id, interest.status, body.status, { decided: true });
    if (!moved) throw conflict('The investor changed this interest meanwhile. Reload the page.', interest.status);
    this.events.emit('interest.decided', {
      interestId: moved.id,
      pitchDeckId,
      founderId: interest.deckFounderId,
      investorId: moved.investorId,
      status: body.status,
    });
    return toFounderInterest({ ...interest, ...moved });
  }

  /**
   * The accounts tied to `accountId` (docs/chat.md), or those of `among` that are: chat and
   * milestones ask this before letting two accounts talk. Not for answering a caller about
   * others: it checks no principal.
   */
  async tiesOf(accountId: string, among?: string[]): Promise<Set<string>> {
    if (among?.length === 0) return new Set();
    return new Set(await this.repo.findTiedAccountIds(accountId, among));
  }

  /**
   * `tiesOf` for many accounts at once, with no `among`: one statement that needs nothing read
   * first, so a batch of chat sends asks it beside its rooms. A set per account asked.
   */
  async tiesOfEach(accountIds: string[]): Promise<Map<string, Set<string>>> {
    const asked = new Set(accountIds);
    const ties = new Map(accountIds.map((id) => [id, new Set<string>()]));
    for (const [founderId, investorId] of await this.repo.findTiedPairsOf([...asked])) {
      if (asked.has(founderId)) ties.get(founderId)?.add(investorId);
      if (asked.has(investorId)) ties.get(investorId)?.add(founderId);
    }
    return ties;
  }

  /**
   * The investors whose interest in the deck is pending or accepted: whom news of the deck
   * reaches. Not for answering a caller about others: it checks no principal.
   */
  async interestedInvestorIds(pitchDeckId: string): Promise<string[]> {
    return this.repo.findTiedInvestorIds(pitchDeckId);
  }

  /**
   * An interest with its investor and deck named, for subscribers telling a party what happened
   * (notification mails). Not for answering a caller: it checks no principal.
   */
  async describe(interestId: string): Promise<InterestWithParties | undefined> {
    return this.repo.findWithPartiesById(interestId);
  }

  async listMine(principal: Principal, query: FounderInterestsQuery): Promise<Page<FounderInterest>> {
    const { rows, total } = await this.repo.listForFounder(principal.accountId, query);
    return {
      data: rows.map(toFounderInterest),
      meta: pageMeta(query, total),
    };
  }

  async listForDeck(
    principal: Principal,
    pitchDeckId: string,
    query: FounderInterestsQuery,
  ): Promise<Page<FounderInterest>> {
    await this.pitchDecks.requireOwnDeck(principal, pitchDeckId);
    const { rows, total } = await this.repo.listForFounder(principal.accountId, { ...query, pitchDeckId });
    return {
      data: rows.map(toFounderInterest),
      meta: pageMeta(query, total),
    };
  }

  /**
   * The investor's own interests, newest activity first, with the count in each status: their
   * home shows the counts as tabs and one status's page at a time, so the counts ignore `status`.
   */
  async listMineAsInvestor(principal: Principal, query: InvestorInterestsQuery): Promise<InvestorInterestPage> {
    const [rows, byStatus] = await Promise.all([
      this.repo.listForInvestorIncludeDeck(principal.accountId, query),
      this.repo.countByStatusForInvestor(principal.accountId),
    ]);
    const counts = { pending: 0, accepted: 0, declined: 0, withdrawn: 0, ...byStatus };
    const total = query.status ? counts[query.status] : Object.values(counts).reduce((sum, count) => sum + count, 0);
    return { data: rows.map(toInvestorInterestWithDeck), meta: pageMeta(query, total), counts };
  }

  // The figures below check no principal and name nobody: the trends and company services that
  // call them decide whose decks may be counted (the founder's own, or ready decks for investors).

  /** Interests shown, accepted, declined and withdrawn per UTC day on a founder's decks (or one of them). */
  dailyOfFounder(range: InterestDayRange): Promise<InterestDayFigures[]> {
    return this.repo.findDailyByFounderId(range);
  }

  /** Interests shown and accepted per deck of a founder, in the range and in the period before it. */
  periodTotalsOfFounder(range: InterestDayRange & { previousFrom: string }): Promise<DeckPeriodInterests[]> {
    return this.repo.findPeriodTotalsByDeck(range);
  }

  /** Interests first shown per week (Mondays) on a founder's ready decks. */
  weeklyShownOfFounder(founderId: string, firstWeek: string, lastWeek: string) {
    return this.repo.findWeeklyShownByFounderId(founderId, firstWeek, lastWeek);
  }

  /** How many investors are interested (pending or accepted) in a founder's ready decks: a count, never who. */
  countInterestedInFounder(founderId: string): Promise<number> {
    return this.repo.countInterestedInvestorsByFounderId(founderId);
  }

  /** The accepted investors of a founder's deck. */
  async milestoneInvestors(principal: Principal, pitchDeckId: string): Promise<MilestoneInvestor[]> {
    await this.pitchDecks.requireOwnDeck(principal, pitchDeckId);
    const rows = await this.repo.findAcceptedInvestors(pitchDeckId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      firm: row.firm,
      acceptedAt: (row.acceptedAt ?? new Date(0)).toISOString(),
    }));
  }
}

function toInvestorInterest(row: Interest): InvestorInterest {
  return {
    id: row.id,
    pitchDeckId: row.pitchDeckId,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toInvestorInterestWithDeck(row: InterestWithDeck): InvestorInterestWithDeck {
  return {
    ...toInvestorInterest(row),
    pitchDeck: { id: row.pitchDeckId, title: row.deckTitle, company: row.deckCompany },
  };
}

function toFounderInterest(row: InterestWithParties): FounderInterest {
  return {
    id: row.id,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    investor: { id: row.investorId, name: row.investorName, email: row.investorEmail, firm: row.investorFirm },
    pitchDeck: { id: row.pitchDeckId, title: row.deckTitle, company: row.deckCompany },
  };
}
