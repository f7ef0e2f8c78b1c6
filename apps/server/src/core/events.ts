import { randomUUID } from 'node:crypto';
import type { AccountRole } from '@deckvalid/contract/auth';
import type { Logger } from 'pino';

/** What a page comment's news carries: whose deck, who did it, where, and who hears of it. */
export type DeckCommentNews = {
  /** The comment, the reply, or the comment resolved. */
  commentId: string;
  pitchDeckId: string;
  founderId: string;
  deckTitle: string;
  actorId: string;
  actorName: string;
  version: number;
  page: number;
  excerpt: string;
  recipientIds: string[];
  /** Those of the recipients its text mentions (`@Name`): their news says so. */
  mentionedIds: string[];
};

/** Sessions that ended together: every session of an account, or the listed ones. */
export type EndedSessions = { accountId: string } | { sessionIds: string[] };

/**
 * Every domain event and its payload. A service emits one after its transaction commits; other
 * modules (sockets, mail, later chat and milestones) subscribe instead of being called by it.
 * Payloads carry ids and the few facts a subscriber needs, never rows.
 */
export type DomainEvents = {
  'sessions.ended': EndedSessions;
  /**
   * A cached session (or every cached session of an account) must be dropped: heard with
   * `onEverywhere`, since each process keeps its own session cache.
   */
  'sessions.cache-invalidated': { kind: 'session' | 'account'; id: string };
  /**
   * Someone registered with the email of a verified account (the answer said nothing of it): its
   * owner is told by mail, at most once an hour however often it happens.
   */
  'registration.repeated': { accountId: string; role: AccountRole };
  /** A mentor accepted a founder's invitation: the two are tied (chat) from now on. */
  'mentorship.started': { founderId: string; mentorId: string };
  /** Either side ended a mentorship: the tie, and every access of the mentor's, ends at once. */
  'mentorship.ended': { founderId: string; mentorId: string };
  /** A founder stopped sharing a milestone with their mentor: the mentor's open board closes. */
  'milestone.unshared': { milestoneId: string; mentorId: string };
  'interest.shown': { interestId: string; pitchDeckId: string; founderId: string; investorId: string };
  'interest.decided': {
    interestId: string;
    pitchDeckId: string;
    founderId: string;
    investorId: string;
    status: 'accepted' | 'declined';
  };
  'interest.withdrawn': { interestId: string; pitchDeckId: string; founderId: string; investorId: string };
  /**
   * A deck version left processing readable (`versionId`; it is live unless a newer one already
   * is); announced once, by the process that holds its claim.
   */
  /** A deck version finished processing and is readable; `title` is the deck's, to name it in news. */
  'deck.ready': { pitchDeckId: string; founderId: string; versionId: string; title: string };
  /**
   * A founder deleted a deck; its interests went with it. `investorIds`: those whose interest in
   * it (pending or accepted) tied them to the founder, and may have been their last tie.
   */
  'deck.deleted': { pitchDeckId: string; founderId: string; investorIds: string[] };
  /** A deck left processing unreadable; `reason` is the sentence the founder is shown. */
  'deck.failed': { pitchDeckId: string; founderId: string; title: string; reason: string };
  /**
   * A comment or a reply on a deck's page (`parentId` set for a reply), or a comment resolved:
   * news for `recipientIds`, the founder and the people of the thread who may still read it.
   */
  'comment.posted': DeckCommentNews & { parentId: string | null };
  'comment.resolved': DeckCommentNews;
  /** A mentor made or replaced their review of a version: news for the deck's founder. */
  'review.posted': {
    reviewId: string;
    pitchDeckId: string;
    founderId: string;
    mentorId: string;
    mentorName: string;
    deckTitle: string;
    version: number;
    verdict: 'ready' | 'needs_work';
  };
  /** A new version of a deck is ready: news for the mentors who commented on it. */
  'deck.new-version-for-commenters': {
    pitchDeckId: string;
    deckTitle: string;
    version: number;
    mentorIds: string[];
  };
  /**
   * A version after the first went live and its report is ready: news for the investors
   * interested in the deck, with what changed since the version before it (`summary`).
   */
  'deck.new-version-for-investors': {
    pitchDeckId: string;
    founderId: string;
    deckTitle: string;
    from: number;
    to: number;
    summary: string;
  };
  /** A member's read watermark in a chat room moved by reading (not by sending). */
  'chat.read': { accountId: string; chatRoomId: string };
  /**
   * A chat message mentioned members of its room (`@Name`, decided by the server among the
   * members it was stored among): news for each of them, muted room or not.
   */
  'chat.mentioned': {
    chatRoomId: string;
    messageId: string;
    seq: number;
    senderId: string;
    senderName: string;
    /** A group's name; null for a private room. */
    roomName: string | null;
    roomType: 'private' | 'group' | 'bot';
    mentionedIds: string[];
  };
  /**
   * A milestone itself changed (created, edited, status, archived, restored, deleted); one per
   * activity written, or with `activityId` null when a permanent delete took the log with it.
   */
  'milestone.changed': MilestoneChange;
  /** Something on a milestone's board changed: a task, a subtask or a "blocked by" link. */
  'milestone.task-changed': MilestoneChange & { taskId: string };
  /**
   * A due-date reminder the reminder job claimed (recorded as sent before this is emitted, so it
   * is emitted once in the cluster): the task is due within a day, or became overdue.
   */
  'milestone.task-due': TaskDueReminder;
  /**
   * A visitor passed a share link's gate. `isFirstVisit`: their first pass of this link (by email;
   * a visitor who gave none is new each time). `notify`: the link's founder asked to be told.
   */
  'link.visited': LinkVisit;
};

/**
 * A pass through a share link's gate: the link shows a deck (`pitchDeckId`) or a data room
 * (`dataRoomId`), never both.
 */
export type LinkVisit = {
  linkId: string;
  linkName: string;
  /** The deck's title, or the data room's name. */
  deckTitle: string;
  founderId: string;
  email: string | null;
  isFirstVisit: boolean;
  notify: boolean;
  at: string;
} & ({ pitchDeckId: string; dataRoomId: null } | { pitchDeckId: null; dataRoomId: string });

/** A task's due-date reminder, for the people it goes to (members of its milestone only). */
export type TaskDueReminder = {
  kind: 'due_soon' | 'overdue';
  taskId: string;
  /** The task's short id ("LDG-12"), which the reminder's link opens. */
  taskKey: string;
  taskTitle: string;
  dueDate: string;
  /** The day the job ran on (UTC): "due today" and "due tomorrow" read from it. */
  today: string;
  milestoneId: string;
  milestoneTitle: string;
  pitchDeckId: string;
  founderId: string;
  /** The assignee when they are a member of the milestone now; otherwise its founder. */
  recipientIds: string[];
};

/** What a milestone event says: whose milestone, who acted, and the log line that tells what. */
export type MilestoneChange = {
  milestoneId: string;
  pitchDeckId: string;
  founderId: string;
  actorId: string;
  /** An activity action (contract `activityActions`), or `milestone.deleted`. */
  action: string;
  activityId: string | null;
  /**
   * Who may hear of it besides the founder: `mentors` for a change in a thread with the mentors
   * (investors never do), `members` (everyone who reads the milestone) otherwise.
   */
  audience?: 'members' | 'mentors';
};

export type DomainEventName = keyof DomainEvents;
type Handler<Name extends DomainEventName> = (payload: DomainEvents[Name]) => void | Promise<void>;

/** Carries events between processes (Redis pub/sub in production). */
export type EventTransport = {
  publish: (message: string) => void;
  subscribe: (handler: (message: string) => void) => void;
  /** Whether events published now reach the other processes (Redis answers). */
  isConnected: () => boolean;
  /** Runs `handler` when the transport is back after a loss, during which events were missed. */
  onRestored: (handler: () => void) => void;
};

type Envelope = { origin: string; name: DomainEventName; payload: unknown };

/**
 * A small typed event bus. `on` hears events emitted by this process: the subscriber acts once
 * in the cluster (a mail is sent once; a socket event reaches other processes' clients through
 * the Socket.IO adapter). `onEverywhere` hears them from every process sharing the transport, for
 * state each process keeps (caches). Handlers run after the emitter has moved on; a failing
 * handler is logged and never reaches the emitter or the other handlers.
 */
export class EventBus {
  private readonly local = new Map<DomainEventName, Set<Handler<never>>>();
  private readonly everywhere = new Map<DomainEventName, Set<Handler<never>>>();
  private readonly origin = randomUUID();

  constructor(
    private readonly logger: Pick<Logger, 'error' | 'warn'>,
    private readonly transport?: EventTransport,
  ) {
    transport?.subscribe((message) => this.receive(message));
  }

  on<Name extends DomainEventName>(name: Name, handler: Handler<Name>): () => void {
    return this.add(this.local, name, handler);
  }

  onEverywhere<Name extends DomainEventName>(name: Name, handler: Handler<Name>): () => void {
    return this.add(this.everywhere, name, handler);
  }

  /**
   * Whether `onEverywhere` handlers hear every process's events right now. False while Redis is
   * away: state kept from those events (caches) must not be trusted until `onRestored`.
   */
  isReachingEveryProcess(): boolean {
    return this.transport?.isConnected() ?? true;
  }

  /** Runs `handler` once events reach every process again after a loss (never without a transport). */
  onRestored(handler: () => void): void {
    this.transport?.onRestored(handler);
  }

  emit<Name extends DomainEventName>(name: Name, payload: DomainEvents[Name]): void {
    this.deliver(this.local, name, payload);
    this.deliver(this.everywhere, name, payload);
    // Every process runs the same code, so one that has no `onEverywhere` handler for this
    // event knows no other process has one either: nothing to send over Redis.
    if (this.transport && (this.everywhere.get(name)?.size ?? 0) > 0) {
      this.transport.publish(JSON.stringify({ origin: this.origin, name, payload } satisfies Envelope));
    }
  }

  private receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch (error) {
      this.logger.warn({ err: error }, 'ignored a malformed domain event');
      return;
    }
    // This process delivered its own events when it emitted them.
    if (envelope.origin === this.origin) return;
    this.deliver(this.everywhere, envelope.name, envelope.payload as DomainEvents[DomainEventName]);
  }

  private add<Name extends DomainEventName>(
    registry: Map<DomainEventName, Set<Handler<never>>>,
    name: Name,
    handler: Handler<Name>,
  ): () => void {
    const handlers = registry.get(name) ?? new Set();
    handlers.add(handler as Handler<never>);
    registry.set(name, handlers);
    return () => handlers.delete(handler as Handler<never>);
  }

  private deliver<Name extends DomainEventName>(
    registry: Map<DomainEventName, Set<Handler<never>>>,
    name: Name,
    payload: DomainEvents[Name],
  ): void {
    for (const handler of registry.get(name) ?? []) {
      queueMicrotask(() => {
        Promise.resolve()
          .then(() => (handler as Handler<Name>)(payload))
          .catch((error: unknown) => this.logger.error({ err: error, event: name }, 'a domain event handler failed'));
      });
    }
  }
}
