import {
  chatUnreadAfterMinutes,
  type InboxNotification,
  type InboxPage,
  type InboxQuery,
  inboxRetentionDays,
  type LiveNotification,
  thesisMatchesSendHourUtc,
} from '@deckvalid/contract/notifications';
import { pageMeta } from '@deckvalid/contract/pagination';
import type { DeckCommentNews, DomainEvents, MilestoneChange } from '@/core/events';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import type { InterestsService } from '@/modules/interests/interests.service';
import type { PitchDecksService } from '@/modules/pitchdecks/pitchdecks.service';
import { canReadNotification } from './inbox.policy';
import type { InboxRepository, NewInboxNotification, StoredInboxNotification } from './inbox.repository';
import type { InboxFactsRepository } from './inbox-facts.repository';
import {
  chatMentionWording,
  chatUnreadTitle,
  inboxLinks,
  milestoneWording,
  thesisMatchesWording,
  threadMessageWording,
  type Wording,
} from './inbox-wording';

/** Delivers one notification to every socket of an account (the socket side implements it). */
export type LiveChannel = {
  send(accountId: string, notification: LiveNotification): void;
  /** The account's inbox changed with nothing new in it (marked read): its tabs re-read the count. */
  changed(accountId: string, unreadCount: number): void;
};

const notificationNotFound = () => new AppError('NOT_FOUND', 'This notification does not exist.');

export const toInboxNotification = (stored: StoredInboxNotification): InboxNotification => ({
  id: stored.id,
  kind: stored.kind,
  title: stored.title,
  message: stored.message,
  link: stored.link,
  pitchDeckId: stored.pitchDeckId,
  actor: stored.actor,
  count: stored.repeatCount,
  readAt: stored.readAt?.toISOString() ?? null,
  at: stored.createdAt.toISOString(),
});

const dayMs = 24 * 60 * 60_000;

/** Monday 00:00 UTC of the week that holds `at`. */
export function weekStartUtc(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * dayMs);
}

/** A comment's words as a notification quotes them: one line, at most 200 characters. */
const excerptOf = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `“${line.slice(0, 199)}…”` : `“${line}”`;
};

/** Where page-comment news leads: the founder to the page of their deck, a mentor to their home. */
const deckFeedbackLink = (accountId: string, event: DeckCommentNews) =>
  accountId === event.founderId ? inboxLinks.founderDeckPage(event.pitchDeckId, event.page) : inboxLinks.mentorHome();

/**
 * The inbox (issue 18): the domain events that concern someone, stored for them (90 days) and
 * told at once on their sockets, whatever their mail settings. Each subscriber reads the facts
 * after the change committed, words the news, stores one row per recipient (the source key makes
 * a second handling of the same event a no-op) and sends the stored rows live.
 */
export class InboxService {
  constructor(
    private readonly deps: {
      inbox: InboxRepository;
      facts: InboxFactsRepository;
      interests: InterestsService;
      /** The decks that fit each investor's thesis (the pitch-deck module decides fit). */
      decks: Pick<PitchDecksService, 'findWeeklyThesisMatches'>;
      channel: LiveChannel;
      /** Runs for each notification stored (the mail of the kinds that matter away from the screen). */
      onStored?: (accountId: string, notification: InboxNotification) => Promise<void>;
    },
  ) {}

  async list(principal: Principal, query: InboxQuery): Promise<InboxPage> {
    const { rows, total, unreadCount } = await this.deps.inbox.findPageByAccountId(principal.accountId, query);
    return { data: rows.map(toInboxNotification), meta: pageMeta(query, total), unreadCount };
  }

  /** Marks one read; answers the unread count left. Another account's notification is a 404. */
  async markRead(principal: Principal, notificationId: string): Promise<{ unreadCount: number }> {
    const owner = await this.deps.inbox.findOwnerById(notificationId);
    if (!owner || !canReadNotification(principal, owner)) throw notificationNotFound();
    await this.deps.inbox.markRead(principal.accountId, notificationId);
    return this.told(principal.accountId);
  }

  async markAllRead(principal: Principal): Promise<{ unreadCount: number }> {
    await this.deps.inbox.markAllRead(principal.accountId);
    return this.told(principal.accountId);
  }

  /** On `chat.read`: the room's unread-chat and mention notifications are read with the room. */
  async chatRead({ accountId, chatRoomId }: DomainEvents['chat.read']): Promise<void> {
    // Reading the room reads what told of it: its unread runs and its mentions alike.
    const marked =
      (await this.deps.inbox.markReadBySourcePrefix(accountId, `chat.unread:${chatRoomId}:`)) +
      (await this.deps.inbox.markReadBySourcePrefix(accountId, `chat.mention:${chatRoomId}:`));
    if (marked > 0) await this.told(accountId);
  }

  /**
   * On `chat.mentioned`: each member the message mentions gets it in their inbox (and its mail,
   * by their `chatMentions` switch), even in a room they muted: muting silences the room's
   * chatter, and a mention is addressed to them. The message is the source, so handling the
   * event twice stores nothing new.
   */
  async chatMentioned(event: DomainEvents['chat.mentioned']): Promise<void> {
    const wording = chatMentionWording(event);
    await this.record(
      event.mentionedIds
        .filter((accountId) => accountId !== event.senderId)
        .map((accountId) => ({
          accountId,
          ...wording,
          link: inboxLinks.chatRoom(accountId, event.chatRoomId),
          pitchDeckId: null,
          actor: { id: event.senderId, name: event.senderName },
          sourceKey: `chat.mention:${event.chatRoomId}:${event.messageId}`,
        })),
    );
  }

  /** The unread count left, told to every tab of the account (the one that acted included). */
  private async told(accountId: string): Promise<{ unreadCount: number }> {
    const unreadCount = await this.deps.inbox.countUnreadByAccountId(accountId);
    this.deps.channel.changed(accountId, unreadCount);
    return { unreadCount };
  }

  /**
   * Chat messages left unread for 10 minutes become one notification per member and room (per
   * unread run: reading and then leaving new ones unread is news again). Run by a module job.
   */
  async notifyUnreadChats(): Promise<number> {
    const runs = await this.deps.facts.findUnreadChatRuns(chatUnreadAfterMinutes, 500);
    const told = await this.record(
      runs.map((run) => {
        const who = run.latestSender?.name ?? 'Someone';
        return {
          accountId: run.accountId,
          kind: 'chat.unread' as const,
          title: chatUnreadTitle(run),
          message: run.roomType === 'group' ? `Latest from ${who}, unread for 10 minutes.` : 'Unread for 10 minutes.',
          link: inboxLinks.chatRoom(run.accountId, run.roomId),
          pitchDeckId: null,
          actor: run.latestSender,
          sourceKey: `chat.unread:${run.roomId}:${run.firstSeq}`,
        };
      }),
    );
    return told.length;
  }

  /**
   * The weekly thesis news, run hourly by a module job: from Monday 08:00 UTC, each investor whose
   * thesis some decks met, among those that first went live the week before, gets one
   * notification naming them (and its mail, if switched on). The week is in the source key, so a
   * rerun, a restart later in the week or a second process stores, and mails, nothing again;
   * a process that was down on Monday catches up when it starts. Answers how many were told.
   */
  async notifyThesisMatches(now = new Date()): Promise<number> {
    const weekStart = weekStartUtc(now);
    if (now.getTime() < weekStart.getTime() + thesisMatchesSendHourUtc * 60 * 60_000) return 0;
    const matches = await this.deps.decks.findWeeklyThesisMatches(new Date(weekStart.getTime() - 7 * dayMs), weekStart);
    const byInvestor = new Map<string, typeof matches>();
    for (const match of matches) {
      byInvestor.set(match.investorId, [...(byInvestor.get(match.investorId) ?? []), match]);
    }
    const week = weekStart.toISOString().slice(0, 10);
    const told = await this.record(
      [...byInvestor].map(([investorId, decks]) => {
        const wording = thesisMatchesWording(
          decks.map((deck) => ({
            company: deck.company,
            title: deck.title,
            reasons: deck.fit.reasons.map((reason) => reason.label),
          })),
        );
        const only = decks.length === 1 ? decks[0] : undefined;
        return {
          accountId: investorId,
          ...wording,
          link: only ? inboxLinks.investorDeck(only.pitchDeckId) : inboxLinks.investorThesisMatches(),
          pitchDeckId: only?.pitchDeckId ?? null,
          actor: null,
          sourceKey: `thesis.matches:${week}`,
        };
      }),
    );
    return told.length;
  }

  /** The retention rule: what is older than 90 days goes, read or not. */
  prune(): Promise<number> {
    return this.deps.inbox.deleteOlderThan(inboxRetentionDays);
  }

  /** Stores the notifications and tells each recipient live; answers those stored. */
  async record(notifications: NewInboxNotification[]): Promise<InboxNotification[]> {
    const stored = await this.deps.inbox.insertMany(notifications);
    const told = stored.map(toInboxNotification);
    for (const [index, notification] of told.entries()) {
      const accountId = stored[index]?.accountId;
      if (accountId) this.deps.channel.send(accountId, notification);
    }
    // Every recipient's mail is tried, one failing or not; the first failure is then reported.
    const onStored = this.deps.onStored;
    if (onStored) {
      const mailed = await Promise.allSettled(
        stored.map((row, index) => (told[index] ? onStored(row.accountId, told[index]) : Promise.resolve())),
      );
      const failed = mailed.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    }
    return told;
  }

  async interestShown(event: DomainEvents['interest.shown']): Promise<void> {
    const interest = await this.deps.interests.describe(event.interestId);
    if (!interest) return;
    const who = interest.investorFirm ? `${interest.investorName} (${interest.investorFirm})` : interest.investorName;
    await this.record([
      {
        accountId: event.founderId,
        kind: 'interest.shown',
        title: `New interest in ${interest.deckCompany}`,
        message: `${who} showed interest in “${interest.deckTitle}”.`,
        link: inboxLinks.founderDeck(interest.pitchDeckId),
        pitchDeckId: interest.pitchDeckId,
        actor: { id: event.investorId, name: interest.investorName },
        // Shown again after a withdrawal is news again: the interest's status time tells them apart.
        sourceKey: `interest.shown:${event.interestId}:${interest.updatedAt.toISOString()}`,
      },
    ]);
  }

  async interestDecided(event: DomainEvents['interest.decided']): Promise<void> {
    const interest = await this.deps.interests.describe(event.interestId);
    if (!interest) return;
    const isAccepted = event.status === 'accepted';
    await this.record([
      {
        accountId: event.investorId,
        kind: 'interest.decided',
        title: isAccepted
          ? `${interest.deckCompany} accepted your interest`
          : `${interest.deckCompany} declined your interest`,
        message: isAccepted
          ? `You can now follow the milestones of “${interest.deckTitle}” and message the founder.`
          : `The founder of “${interest.deckTitle}” declined your interest.`,
        link: inboxLinks.investorDeck(interest.pitchDeckId),
        pitchDeckId: interest.pitchDeckId,
        actor: null,
        sourceKey: `interest.decided:${event.interestId}:${event.status}`,
      },
    ]);
  }

  async interestWithdrawn(event: DomainEvents['interest.withdrawn']): Promise<void> {
    const interest = await this.deps.interests.describe(event.interestId);
    if (!interest) return;
    await this.record([
      {
        accountId: event.founderId,
        kind: 'interest.withdrawn',
        title: `${interest.investorName} withdrew their interest`,
        message: `In “${interest.deckTitle}” (${interest.deckCompany}).`,
        link: inboxLinks.founderDeck(interest.pitchDeckId),
        pitchDeckId: interest.pitchDeckId,
        actor: { id: event.investorId, name: interest.investorName },
        sourceKey: `interest.withdrawn:${event.interestId}:${interest.updatedAt.toISOString()}`,
      },
    ]);
  }

  async deckReady(event: DomainEvents['deck.ready'], at = new Date()): Promise<void> {
    await this.record([
      {
        accountId: event.founderId,
        kind: 'deck.ready',
        // Named: five decks ready in a row were five identical "Your deck is ready".
        title: `Your deck ${event.title} is ready`,
        message: 'Investors can find and read it now.',
        link: inboxLinks.founderDeck(event.pitchDeckId),
        pitchDeckId: event.pitchDeckId,
        actor: null,
        // A deck is announced once per version by the process that processed it.
        sourceKey: `deck.ready:${event.pitchDeckId}:${at.toISOString()}`,
      },
    ]);
  }

  /** A page comment or a reply: to the founder and the thread's people (the event names them). */
  async commentPosted(event: DomainEvents['comment.posted']): Promise<void> {
    const verb = event.parentId === null ? 'commented on' : 'replied on';
    const mentioned = new Set(event.mentionedIds);
    await this.record(
      event.recipientIds.map((accountId) => ({
        accountId,
        kind: 'comment.posted' as const,
        title: mentioned.has(accountId)
          ? `${event.actorName} mentioned you on page ${event.page} of ${event.deckTitle}`
          : `${event.actorName} ${verb} page ${event.page} of ${event.deckTitle}`,
        message: excerptOf(event.excerpt),
        link: deckFeedbackLink(accountId, event),
        pitchDeckId: event.pitchDeckId,
        actor: { id: event.actorId, name: event.actorName },
        sourceKey: `comment.posted:${event.commentId}`,
      })),
    );
  }

  async commentResolved(event: DomainEvents['comment.resolved'], at = new Date()): Promise<void> {
    await this.record(
      event.recipientIds.map((accountId) => ({
        accountId,
        kind: 'comment.resolved' as const,
        title: `${event.actorName} resolved a comment on page ${event.page} of ${event.deckTitle}`,
        message: excerptOf(event.excerpt),
        link: deckFeedbackLink(accountId, event),
        pitchDeckId: event.pitchDeckId,
        actor: { id: event.actorId, name: event.actorName },
        sourceKey: `comment.resolved:${event.commentId}:${at.toISOString()}`,
      })),
    );
  }

  async reviewPosted(event: DomainEvents['review.posted'], at = new Date()): Promise<void> {
    await this.record([
      {
        accountId: event.founderId,
        kind: 'review.posted',
        title: `${event.mentorName} reviewed version ${event.version} of ${event.deckTitle}`,
        message: event.verdict === 'ready' ? 'Verdict: ready for investors.' : 'Verdict: needs work.',
        link: inboxLinks.founderDeck(event.pitchDeckId),
        pitchDeckId: event.pitchDeckId,
        actor: { id: event.mentorId, name: event.mentorName },
        sourceKey: `review.posted:${event.reviewId}:${at.toISOString()}`,
      },
    ]);
  }

  async newVersionForCommenters(event: DomainEvents['deck.new-version-for-commenters']): Promise<void> {
    await this.record(
      event.mentorIds.map((accountId) => ({
        accountId,
        kind: 'deck.new_version' as const,
        title: `${event.deckTitle}: version ${event.version} is ready`,
        message: 'Your open comments moved to its matching pages; see what changed since the version you read.',
        link: inboxLinks.mentorHome(),
        pitchDeckId: event.pitchDeckId,
        actor: null,
        sourceKey: `deck.new_version:${event.pitchDeckId}:${event.version}`,
      })),
    );
  }

  /** A new live version of a deck: to the investors interested in it, with what changed. */
  async newVersionForInvestors(event: DomainEvents['deck.new-version-for-investors']): Promise<void> {
    const investorIds = await this.deps.interests.interestedInvestorIds(event.pitchDeckId);
    await this.record(
      investorIds.map((accountId) => ({
        accountId,
        kind: 'deck.updated' as const,
        title: `${event.deckTitle} has a new version`,
        message: `Version ${event.to}, since version ${event.from}: ${event.summary}.`,
        link: inboxLinks.investorDeck(event.pitchDeckId),
        pitchDeckId: event.pitchDeckId,
        actor: null,
        sourceKey: `deck.updated:${event.pitchDeckId}:${event.to}`,
      })),
    );
  }

  async deckFailed(event: DomainEvents['deck.failed'], at = new Date()): Promise<void> {
    await this.record([
      {
        accountId: event.founderId,
        kind: 'deck.failed',
        title: `Your deck ${event.title} could not be read`,
        message: event.reason,
        link: inboxLinks.founderDeck(event.pitchDeckId),
        pitchDeckId: event.pitchDeckId,
        actor: null,
        sourceKey: `deck.failed:${event.pitchDeckId}:${at.toISOString()}`,
      },
    ]);
  }

  /**
   * A milestone change that is news (milestoneWording says which) goes to the milestone's people
   * (its founder and the deck's accepted investors) but not to who made it; a thread message
   * goes to the thread's people (who started it and who wrote in it) and the founder, those of
   * them still in its audience (the accepted investors, or the mentors it is shared with).
   */
  async milestoneChanged(change: MilestoneChange): Promise<void> {
    if (!change.activityId) return;
    const facts = await this.deps.facts.findMilestoneActivityById(change.activityId);
    if (!facts) return;
    let wording: Wording | null;
    let recipients: string[];
    if (facts.action === 'message.posted') {
      const threadId = facts.newValue?.threadId;
      const thread = typeof threadId === 'string' ? await this.deps.facts.findThreadPeopleIds(threadId) : undefined;
      if (!thread) return;
      wording = threadMessageWording(facts, thread.title);
      // Still in the thread's audience: an investor withdrawn since, or a mentor the milestone is
      // no longer shared with, keeps no say in its threads.
      const audience = new Set([
        facts.founderId,
        ...(facts.audience === 'mentors'
          ? await this.deps.facts.findSharedMentorIds(facts.milestoneId)
          : await this.deps.facts.findAcceptedInvestorIds(facts.pitchDeckId)),
      ]);
      recipients = [facts.founderId, ...thread.peopleIds].filter((id) => audience.has(id));
    } else {
      // Of a thread with the mentors only its messages are news, and not to the investors.
      if (facts.audience === 'mentors') return;
      wording = milestoneWording(facts);
      if (!wording) return;
      recipients = [facts.founderId, ...(await this.deps.facts.findAcceptedInvestorIds(facts.pitchDeckId))];
    }
    const actorId = facts.actor?.id ?? change.actorId;
    const unique = [...new Set(recipients)].filter((id) => id !== actorId);
    const said = wording;
    await this.record(
      unique.map((accountId) => ({
        accountId,
        kind: said.kind,
        title: said.title,
        message: said.message,
        link: inboxLinks.milestone(accountId, facts.milestoneId, facts.taskId),
        pitchDeckId: facts.pitchDeckId,
        actor: facts.actor,
        sourceKey: `activity:${change.activityId}`,
      })),
    );
  }
}
