import {
  type AiActionKind,
  type AiActionStatus,
  type AiChatMessage,
  type AiCitation,
  type AiExample,
  aiLimits,
} from '@deckvalid/contract/ai';
import type { ChatMessage } from '@deckvalid/contract/chat';

/** Spec §8: what any failed ask shows in place of an answer. */
export const copilotFailureText = "Sorry, I couldn't reply just now.";

/** Spec §8: an answer without words shows an ellipsis. */
export const emptyReplyText = '…';

/**
 * Earlier messages sent with a question as context. The server keeps the room itself and reads
 * at most 20 back (issue 20), so more would only make the request heavier.
 */
export const historySent = 20;

/** Follow-ups offered under an answer as 'Try next' (spec: the first three). */
export const examplesShown = 3;

/** In a bot room a message without a sender is the copilot's (docs/chat.md, "The copilot room"). */
export function isCopilotMessage(message: Pick<ChatMessage, 'senderId'>): boolean {
  return message.senderId === null;
}

/** What an answer says, or the ellipsis of an empty one. */
export function replyTextOf(text: string): string {
  return text.trim() === '' ? emptyReplyText : text;
}

/**
 * The conversation to send: up to {@link historySent} earlier messages as context, then the
 * question. Each is cut to the contract's length and blanks are left out, so a long stored answer
 * never makes the whole ask a 400.
 */
export function conversationOf(
  messages: Pick<ChatMessage, 'senderId' | 'content'>[],
  question: string,
): AiChatMessage[] {
  const earlier = messages
    .filter((message) => message.content.trim() !== '')
    .slice(-historySent)
    .map(
      (message): AiChatMessage => ({
        role: isCopilotMessage(message) ? 'assistant' : 'user',
        content: message.content.trim().slice(0, aiLimits.messageLength),
      }),
    );
  return [...earlier, { role: 'user', content: question.trim() }];
}

export type AnswerPart = { kind: 'text'; text: string } | { kind: 'citation'; number: number; citation: AiCitation };

/**
 * An answer's text cut at its `[n]` markers: each marker whose citation exists becomes a
 * citation part (n is 1-based), anything else, an unknown number included, stays text.
 */
export function splitCitations(text: string, citations: AiCitation[]): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let rest = '';
  let last = 0;
  for (const match of text.matchAll(/\[(\d{1,3})\]/g)) {
    const number = Number(match[1]);
    const citation = citations[number - 1];
    if (!citation) continue;
    rest += text.slice(last, match.index);
    if (rest) parts.push({ kind: 'text', text: rest });
    rest = '';
    parts.push({ kind: 'citation', number, citation });
    last = match.index + match[0].length;
  }
  rest += text.slice(last);
  if (rest) parts.push({ kind: 'text', text: rest });
  return parts;
}

/** Follow-ups that answer a proposal ('Yes', 'Cancel'…): the Confirm and Cancel buttons do that. */
const decisionLabel = /^\s*(yes|no|ok|confirm|cancel)\b/i;

/**
 * The follow-ups shown as 'Try next' chips: the first three with words. Beside a proposed action
 * those that decide it are left out: they would repeat its buttons while it waits, and ask
 * nothing once it is decided.
 */
export function tryNextOf(examples: AiExample[], { hasAction = false }: { hasAction?: boolean } = {}): AiExample[] {
  return examples
    .filter((example) => example.label.trim() !== '' && !(hasAction && decisionLabel.test(example.label)))
    .slice(0, examplesShown);
}

/** What the Confirm button does, in words. */
export function actionTitle(kind: AiActionKind): string {
  return kind === 'show_interest' ? 'Show interest in this deck' : 'Withdraw your interest in this deck';
}

/** Where a decided action stands, as the investor reads it; null while it waits. */
export function actionOutcome(kind: AiActionKind, status: AiActionStatus): string | null {
  switch (status) {
    case 'pending':
      return null;
    case 'confirmed':
      return kind === 'show_interest' ? 'Done: your interest is sent.' : 'Done: your interest is withdrawn.';
    case 'cancelled':
      return 'Cancelled: nothing was changed.';
    case 'expired':
      return 'This proposal expired. Ask again for a new one.';
  }
}

/** A 409 or 410 carries where the action stands in `details.status`; anything else, null. */
export function statusOfRefusal(details: unknown): AiActionStatus | null {
  const status =
    typeof details === 'object' && details !== null && 'status' in details
      ? (details as { status: unknown }).status
      : null;
  return status === 'pending' || status === 'confirmed' || status === 'cancelled' || status === 'expired'
    ? status
    : null;
}
