import {
  type CreateDeckCommentBody,
  type DeckComment,
  type DeckCommentReply,
  type DeckCommentsQuery,
  type DeckDiscussionPerson,
  deckCommentLimits,
} from '@deckvalid/contract/deck-comments';
import { findMentions } from '@deckvalid/contract/mentions';
import type { DeckCommentNews, EventBus } from '@/core/events';
import type { Principal } from '@/core/identity/principal';
import type { Clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { matchPages } from '@/lib/page-matching';
import type { Mentorships } from '@/modules/pitchdecks/mentor-decks.service';
import type { PitchDecksService } from '@/modules/pitchdecks/pitchdecks.service';
import { canChangeComment, canDiscussDeck } from './comments.policy';
import type { CommentsRepository, NamedComment, StoredComment } from './comments.repository';

/** What comments read of decks: the pitchdecks module's service, which owns them. */
export type CommentedDecks = Pick<PitchDecksService, 'findDeckVersion' | 'findVersionById' | 'findPages'>;

const deckNotFound = () => new AppError('NOT_FOUND', 'This pitch deck does not exist or is not available to you.');
const invalidField = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ path, message }], in: 'body' });
const commentNotFound = () => new AppError('NOT_FOUND', 'This comment does not exist or is not available to you.');

/** Page comments between a deck's founder and their mentors, and their move to each new version. */
export class CommentsService {
  constructor(
    private readonly deps: {
      repo: CommentsRepository;
      decks: CommentedDecks;
      mentorships: Pick<Mentorships, 'isMentorOf' | 'mentorsOf'>;
      clock: Clock;
      events: Pick<EventBus, 'emit'>;
    },
  ) {}

  async list(principal: Principal, pitchDeckId: string, query: DeckCommentsQuery): Promise<DeckComment[]> {
    await this.requireDiscussedDeck(principal, pitchDeckId);
    return threads(await this.deps.repo.listNamed(pitchDeckId, query.version));
  }

  /** Who may be mentioned in the deck's comments: the founder and their mentors now. */
  async people(principal: Principal, pitchDeckId: string): Promise<DeckDiscussionPerson[]> {
    const deck = await this.requireDiscussedDeck(principal, pitchDeckId);
    return this.discussionPeople(deck.founderId, await this.deps.mentorships.mentorsOf(deck.founderId));
  }

  async create(principal: Principal, pitchDeckId: string, body: CreateDeckCommentBody): Promise<DeckComment> {
    const deck = await this.requireDiscussedDeck(principal, pitchDeckId);
    const found = await this.deps.decks.findDeckVersion(pitchDeckId, body.version);
    const version = found?.version;
    if (version?.status !== 'ready') {
      throw invalidField('version', `This deck has no ready version ${body.version}.`);
    }
    if (version.pageCount === null || body.page > version.pageCount) {
      throw invalidField('page', `Version ${version.number} has ${version.pageCount ?? 0} pages.`);
    }
    const region = body.region ?? null;
    const stored = await this.deps.repo.insert({
      id: newId('cmt-'),
      pitchDeckId,
      versionId: version.id,
      versionNumber: version.number,
      page: body.page,
      regionX: region?.x ?? null,
      regionY: region?.y ?? null,
      regionWidth: region?.width ?? null,
      regionHeight: region?.height ?? null,
      authorId: principal.accountId,
      body: body.body,
      createdAt: this.deps.clock.now(),
    });
    const news = await this.news(principal, deck, stored, { pitchDeckId });
    this.deps.events.emit('comment.posted', { ...news, parentId: null });
    return this.named(stored.id);
  }

  async reply(principal: Principal, commentId: string, text: string): Promise<DeckCommentReply> {
    const { comment: parent, deck } = await this.requireComment(principal, commentId);
    if (parent.parentId !== null) throw new AppError('VALIDATION_FAILED', 'Reply to the comment, not to a reply.');
    if ((await this.deps.repo.countReplies(parent.id)) >= deckCommentLimits.repliesPerComment) {
      throw new AppError('CONFLICT', `A comment can gather at most ${deckCommentLimits.repliesPerComment} replies.`);
    }
    const stored = await this.deps.repo.insert({
      id: newId('cmt-'),
      pitchDeckId: parent.pitchDeckId,
      versionId: parent.versionId,
      versionNumber: parent.versionNumber,
      page: parent.page,
      parentId: parent.id,
      authorId: principal.accountId,
      body: text,
      createdAt: this.deps.clock.now(),
    });
    const news = await this.news(principal, deck, stored, { rootId: parent.id });
    this.deps.events.emit('comment.posted', { ...news, parentId: parent.id });
    const named = await this.deps.repo.findNamed(stored.id);
    if (!named) throw commentNotFound();
    return toReply(named);
  }

  /** Edits the caller's own comment or reply; answers the comment it belongs to. */
  async edit(principal: Principal, commentId: string, text: string): Promise<DeckComment> {
    const { comment } = await this.requireComment(principal, commentId);
    if (!canChangeComment(principal, comment)) throw commentNotFound();
    if (!(await this.deps.repo.updateBody(comment.id, principal.accountId, text, this.deps.clock.now()))) {
      throw commentNotFound();
    }
    return this.named(comment.parentId ?? comment.id);
  }

  async remove(principal: Principal, commentId: string): Promise<void> {
    const { comment } = await this.requireComment(principal, commentId);
    if (!canChangeComment(principal, comment) || !(await this.deps.repo.deleteOwn(comment.id, principal.accountId))) {
      throw commentNotFound();
    }
  }

  /** Resolves (or, with `resolved` false, reopens) a comment: either side may. */
  async setResolved(principal: Principal, commentId: string, resolved: boolean): Promise<DeckComment> {
    const { comment, deck } = await this.requireComment(principal, commentId);
    if (comment.parentId !== null) throw new AppError('VALIDATION_FAILED', 'Resolve the comment, not a reply.');
    await this.deps.repo.setResolved(
      comment.id,
      resolved ? { at: this.deps.clock.now(), by: principal.accountId } : null,
    );
    if (resolved) {
      this.deps.events.emit('comment.resolved', await this.news(principal, deck, comment, { rootId: comment.id }));
    }
    return this.named(comment.id);
  }

  /**
   * On a new ready version: each open comment of an older version moves to the new page most like
   * its page, or is marked outdated when no page is.
   */
  async repinForVersion(pitchDeckId: string, versionId: string): Promise<void> {
    const target = await this.deps.decks.findVersionById(versionId);
    if (!target || target.pitchDeckId !== pitchDeckId) return;
    const open = await this.deps.repo.listOpenBefore(pitchDeckId, target.number);
    const newPages = open.length > 0 ? await this.deps.decks.findPages(target.id) : [];
    const moves: { id: string; versionId: string; versionNumber: number; page: number }[] = [];
    const outdated: string[] = [];
    for (const [oldVersionId, comments] of groupBy(open, (comment) => comment.versionId)) {
      const matches = matchPages(await this.deps.decks.findPages(oldVersionId), newPages);
      for (const comment of comments) {
        const page = matches.get(comment.page) ?? null;
        if (page === null) outdated.push(comment.id);
        else moves.push({ id: comment.id, versionId: target.id, versionNumber: target.number, page });
      }
    }
    await this.deps.repo.repin(moves, outdated, this.deps.clock.now());
    const deck = await this.deckOf(pitchDeckId);
    const mentorIds = takingPart(
      await this.deps.repo.listAuthorIds({ pitchDeckId }),
      deck.founderId,
      await this.deps.mentorships.mentorsOf(deck.founderId),
    );
    const commenters = mentorIds.filter((id) => id !== deck.founderId);
    if (commenters.length > 0) {
      this.deps.events.emit('deck.new-version-for-commenters', {
        pitchDeckId,
        deckTitle: deck.title,
        version: target.number,
        mentorIds: commenters,
      });
    }
  }

  /**
   * The news of a comment, a reply or a resolution: for the founder and whoever wrote in the deck
   * (a new comment) or in the thread, if they may still read it, and whoever its text mentions
   * among the deck's people; never for who did it.
   */
  private async news(
    principal: Principal,
    deck: { id: string; founderId: string; title: string },
    comment: StoredComment,
    among: { pitchDeckId: string } | { rootId: string },
  ): Promise<DeckCommentNews> {
    // The founder's mentors as they stand now, read once for both who is named and who hears.
    const mentorIds = await this.deps.mentorships.mentorsOf(deck.founderId);
    const mentionedIds = findMentions(comment.body, await this.discussionPeople(deck.founderId, mentorIds)).filter(
      (id) => id !== principal.accountId,
    );
    const people = [deck.founderId, ...(await this.deps.repo.listAuthorIds(among)), ...mentionedIds];
    const recipientIds = takingPart(people, deck.founderId, mentorIds).filter((id) => id !== principal.accountId);
    return {
      commentId: comment.id,
      pitchDeckId: deck.id,
      founderId: deck.founderId,
      deckTitle: deck.title,
      actorId: principal.accountId,
      actorName: principal.user.name,
      version: comment.versionNumber,
      page: comment.page,
      excerpt: comment.body,
      recipientIds,
      mentionedIds,
    };
  }

  /** The founder, then their mentors by name: the people of the founder's decks' comments. */
  private async discussionPeople(founderId: string, mentorIds: readonly string[]): Promise<DeckDiscussionPerson[]> {
    const found = await this.deps.repo.findPeople([founderId, ...mentorIds]);
    const founder = found.find((person) => person.id === founderId);
    const mentors = found
      .filter((person) => person.id !== founderId && person.role === 'mentor')
      .sort((a, b) => a.name.localeCompare(b.name));
    return [
      ...(founder ? [{ id: founder.id, name: founder.name, role: 'user' as const }] : []),
      ...mentors.map((mentor) => ({ id: mentor.id, name: mentor.name, role: 'mentor' as const })),
    ];
  }

  private async deckOf(pitchDeckId: string) {
    const found = await this.deps.decks.findDeckVersion(pitchDeckId);
    if (!found) throw deckNotFound();
    return found.deck;
  }

  private async requireDiscussedDeck(principal: Principal, pitchDeckId: string) {
    const found = await this.deps.decks.findDeckVersion(pitchDeckId);
    if (!found || !(await this.mayDiscuss(principal, found.deck.founderId))) throw deckNotFound();
    // Mentors comment once the deck is live, as they read it.
    if (principal.role === 'mentor' && found.deck.liveVersionId === null) throw deckNotFound();
    return found.deck;
  }

  /** A comment the caller may take part in, with its deck. */
  private async requireComment(principal: Principal, commentId: string) {
    const comment = await this.deps.repo.findById(commentId);
    if (!comment) throw commentNotFound();
    const found = await this.deps.decks.findDeckVersion(comment.pitchDeckId);
    if (!found || !(await this.mayDiscuss(principal, found.deck.founderId))) throw commentNotFound();
    return { comment, deck: found.deck };
  }

  private async mayDiscuss(principal: Principal, founderId: string): Promise<boolean> {
    const isMentor =
      principal.role === 'mentor' && (await this.deps.mentorships.isMentorOf(principal.accountId, founderId));
    return canDiscussDeck(principal, { founderId }, isMentor);
  }

  private async named(commentId: string): Promise<DeckComment> {
    const [comment] = threads(await this.deps.repo.listNamedThread(commentId));
    if (!comment) throw commentNotFound();
    return comment;
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function toReply(row: NamedComment): DeckCommentReply {
  return {
    id: row.id,
    author: { id: row.authorId, name: row.authorName, role: row.authorRole === 'mentor' ? 'mentor' : 'user' },
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

/** Comments with their replies, in the order the rows came (oldest first). */
function threads(rows: NamedComment[]): DeckComment[] {
  const replies = new Map<string, DeckCommentReply[]>();
  for (const row of rows) {
    if (row.parentId !== null) replies.set(row.parentId, [...(replies.get(row.parentId) ?? []), toReply(row)]);
  }
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => ({
      ...toReply(row),
      pitchDeckId: row.pitchDeckId,
      version: row.versionNumber,
      page: row.page,
      region:
        row.regionX !== null && row.regionY !== null && row.regionWidth !== null && row.regionHeight !== null
          ? { x: row.regionX, y: row.regionY, width: row.regionWidth, height: row.regionHeight }
          : null,
      outdated: row.outdatedAt !== null,
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      resolvedBy:
        row.resolvedById !== null && row.resolverName !== null
          ? { id: row.resolvedById, name: row.resolverName }
          : null,
      replies: replies.get(row.id) ?? [],
    }));
}

/** The founder, and those of `accountIds` among the founder's mentors now (`mentorIds`); once each. */
function takingPart(accountIds: readonly string[], founderId: string, mentorIds: readonly string[]): string[] {
  const mentors = new Set(mentorIds);
  return [...new Set(accountIds)].filter((id) => id === founderId || mentors.has(id));
}
