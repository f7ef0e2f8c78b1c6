import { idPrefixByRole } from '@deckvalid/contract/auth';
import type { InboxKind } from '@deckvalid/contract/notifications';
import type { TaskDueReminder } from '@/core/events';
import type { MilestoneActivityFacts } from './inbox-facts.repository';

/**
 * The web app's paths a notification links to. They mirror `paths` in
 * apps/web/src/config/paths.ts, which the server cannot import; the inbox tests check them.
 */
/** The home of the role an account id names (contract `idPrefixByRole`). */
function roleHomeOf(accountId: string): string {
  if (accountId.startsWith(idPrefixByRole.user)) return '/founder';
  if (accountId.startsWith(idPrefixByRole.mentor)) return '/mentor';
  return '/investor';
}

export const inboxLinks = {
  founderDeck: (id: string) => `/founder/view/${encodeURIComponent(id)}`,
  /** The founder's deck opened at a page (the viewer reads `?page=`). */
  founderDeckPage: (id: string, page: number) => `/founder/view/${encodeURIComponent(id)}?page=${page}`,
  /** A mentor's home, which lists the founders they mentor. */
  mentorHome: () => '/mentor',
  investorDeck: (id: string) => `/investor/pitchdecks/${encodeURIComponent(id)}`,
  founderDataRoom: (id: string) => `/founder/datarooms/${encodeURIComponent(id)}`,
  /** The investor's browse with "Matches my thesis" on (the web reads `?thesis=match`). */
  investorThesisMatches: () => '/investor?thesis=match',
  /** The account's home, by the role its id names, with a chat room to open (the web opens the widget on `?chat=`). */
  chatRoom: (accountId: string, roomId: string) => `${roleHomeOf(accountId)}?chat=${encodeURIComponent(roomId)}`,
  /**
   * A milestone in the area of the role the account id names, with one of its tasks open when
   * there is one (the detail page reads `?task=`).
   */
  milestone: (accountId: string, milestoneId: string, taskId: string | null) =>
    `${roleHomeOf(accountId)}/milestones/${encodeURIComponent(milestoneId)}${
      taskId ? `?task=${encodeURIComponent(taskId)}` : ''
    }`,
};

/** What a notification says; who it is for and where it links are the caller's. */
export type Wording = { kind: InboxKind; title: string; message: string };

const quoted = (value: string) => `“${value.replace(/\s+/g, ' ').trim()}”`;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

const stageNames = { review: 'Review', done: 'Done' } as const;

/** Whether a log line's values say the investor asked for changes rather than approving. */
function asksForChanges(values: Record<string, unknown> | null): boolean {
  const decision = values?.decision ?? values?.status ?? values?.verdict;
  return typeof decision === 'string' && /change|reject|sent_back|returned/i.test(decision);
}

/**
 * Which milestone changes reach the inbox, and in what words: moves into review or done,
 * deliverables submitted, accepted or sent back, approvals and requests for changes, meets
 * scheduled, changed or cancelled, and thread messages. Anything else (edits, subtasks, links) is
 * the board's business, not news: null.
 */
export function milestoneWording(facts: MilestoneActivityFacts): Wording | null {
  const who = facts.actor?.name ?? 'Someone';
  const task = facts.taskTitle ? quoted(facts.taskTitle) : 'a task';
  const where = `in ${quoted(facts.milestoneTitle)}`;
  const comment = text(facts.newValue?.comment);
  switch (facts.action) {
    case 'task.moved': {
      const stage = facts.newValue?.stage;
      if ((stage !== 'review' && stage !== 'done') || facts.oldValue?.stage === stage) return null;
      return { kind: 'task.moved', title: `${who} moved ${task} to ${stageNames[stage]}`, message: `A task ${where}.` };
    }
    case 'deliverable.submitted': {
      const title = text(facts.newValue?.title) ?? facts.deliverableTitle;
      return {
        kind: 'deliverable.submitted',
        title: `${who} submitted ${title ? quoted(title) : 'a deliverable'}`,
        message: `For ${task} ${where}. It waits for an investor to accept it.`,
      };
    }
    case 'deliverable.accepted': {
      const title = text(facts.newValue?.title) ?? facts.deliverableTitle;
      return {
        kind: 'deliverable.accepted',
        title: `${who} accepted ${title ? quoted(title) : 'a deliverable'}`,
        message: `For ${task} ${where}.`,
      };
    }
    case 'deliverable.sent_back':
    case 'deliverable.changes_requested':
    case 'deliverable.returned': {
      const title = text(facts.newValue?.title) ?? facts.deliverableTitle;
      return {
        kind: 'deliverable.sent_back',
        title: `${who} sent back ${title ? quoted(title) : 'a deliverable'}`,
        message: comment ? `${quoted(comment)} (${task} ${where})` : `For ${task} ${where}.`,
      };
    }
    case 'approval.recorded':
    case 'approval.changed':
    case 'approval.changes_requested': {
      const isChangeRequest = facts.action === 'approval.changes_requested' || asksForChanges(facts.newValue);
      return isChangeRequest
        ? {
            kind: 'approval.changes_requested',
            title: `${who} asked for changes on ${task}`,
            message: comment ? `${quoted(comment)} (${where})` : `A task ${where}.`,
          }
        : {
            kind: 'approval.given',
            title: `${who} approved ${task}`,
            message: comment ? `${quoted(comment)} (${where})` : `A task ${where}.`,
          };
    }
    case 'meet.created':
    case 'meet.updated':
    case 'meet.cancelled': {
      const values = facts.action === 'meet.cancelled' ? facts.oldValue : facts.newValue;
      const title = quoted(text(values?.title) ?? 'A meet');
      const startsAt = text(values?.startsAt);
      const when = startsAt ? ` on ${new Date(startsAt).toUTCString().replace(':00 GMT', ' UTC')}` : '';
      if (facts.action === 'meet.created') {
        return { kind: 'meet.scheduled', title: `${who} scheduled ${title}`, message: `A meet${when}, ${where}.` };
      }
      if (facts.action === 'meet.updated') {
        return { kind: 'meet.changed', title: `${who} changed ${title}`, message: `Now${when}, ${where}.` };
      }
      return { kind: 'meet.cancelled', title: `${who} cancelled ${title}`, message: `It was${when}, ${where}.` };
    }
    default:
      return null;
  }
}

/** A thread message, worded for the people of the thread. */
export function threadMessageWording(facts: MilestoneActivityFacts, threadTitle: string): Wording {
  const who = facts.actor?.name ?? 'Someone';
  return {
    kind: 'thread.message',
    title: `${who} wrote in ${quoted(threadTitle)}`,
    message: facts.taskTitle
      ? `On ${quoted(facts.taskTitle)} in ${quoted(facts.milestoneTitle)}.`
      : `In ${quoted(facts.milestoneTitle)}.`,
  };
}

/** Decks a weekly thesis news names by company and title; the rest are counted. */
const namedThesisMatches = 5;

/**
 * The weekly news of decks matching an investor's thesis: the headline counts them, the sentence
 * names each (company, title and why it fits) up to five, then says how many more.
 */
export function thesisMatchesWording(
  decks: { company: string; title: string; reasons: string[] }[],
): Omit<Wording, 'kind'> & { kind: 'thesis.matches' } {
  const first = decks[0];
  const title =
    decks.length === 1 && first
      ? `${first.company} matches your thesis`
      : `${decks.length} new decks match your thesis`;
  const named = decks
    .slice(0, namedThesisMatches)
    .map((deck) => `${deck.company}: ${quoted(deck.title)} (${deck.reasons.join(' · ')})`);
  const more = decks.length - named.length;
  const message = `New last week: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`;
  return { kind: 'thesis.matches', title, message };
}

/** A share link's first visit by one visitor: who, which link, which deck. */
export function linkFirstVisitWording(visit: {
  email: string | null;
  linkName: string;
  deckTitle: string;
}): Omit<Wording, 'kind'> & { kind: 'link.first_visit' } {
  const who = visit.email ?? 'Someone without an email';
  return {
    kind: 'link.first_visit',
    title: `${who} opened ${quoted(visit.deckTitle)}`,
    message: `Through your share link ${quoted(visit.linkName)}, for the first time.`,
  };
}

/**
 * The title of chat messages left unread, in sentence case: "A message from Ravi Mehta",
 * "3 messages in Seed syndicate" (a group is named by its name).
 */
export function chatUnreadTitle(run: {
  unread: number;
  roomType: 'private' | 'group' | 'bot';
  roomName: string | null;
  latestSender: { name: string } | null;
}): string {
  const many = run.unread === 1 ? 'A message' : `${run.unread} messages`;
  if (run.roomType === 'group' && run.roomName) return `${many} in ${run.roomName}`;
  return `${many} from ${run.latestSender?.name ?? 'someone'}`;
}

/**
 * A due-date reminder's words: the task's key first, as people say it ("LDG-12 is due
 * tomorrow"), then the task and its milestone; an overdue one names the day it was due.
 */
export function taskDueWording(reminder: TaskDueReminder): Wording {
  const where = `${quoted(reminder.taskTitle)} in ${quoted(reminder.milestoneTitle)}`;
  if (reminder.kind === 'overdue') {
    return {
      kind: 'task.overdue',
      title: `${reminder.taskKey} is overdue`,
      message: `${where} was due on ${reminder.dueDate} and is not done.`,
    };
  }
  const when = reminder.dueDate === reminder.today ? 'today' : 'tomorrow';
  return { kind: 'task.due_soon', title: `${reminder.taskKey} is due ${when}`, message: `${where} is due ${when}.` };
}

/**
 * A mention in chat: who, and where ("Ravi Mehta mentioned you", "In Seed syndicate."). Never
 * the message itself: the same words go by mail, and a private message does not belong in a
 * mailbox (the chat digest says the same).
 */
export function chatMentionWording(mention: {
  senderName: string;
  roomType: 'private' | 'group' | 'bot';
  roomName: string | null;
}): Wording {
  return {
    kind: 'chat.mention',
    title: `${mention.senderName} mentioned you`,
    message:
      mention.roomType === 'group' && mention.roomName
        ? `In ${quoted(mention.roomName)}.`
        : 'In your conversation with them.',
  };
}
