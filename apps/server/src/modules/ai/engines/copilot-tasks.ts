import { findMentionsAt, type MentionAt, type NamedDeck } from '../tools/deck-matching';
import { type DeckSentence, readSentencesOfPage } from './sentences';

/**
 * The copilot's CPU work that leaves the event loop (docs/copilot.md, "The worker pool"): pure
 * functions of plain data, so a worker thread runs them exactly as the main thread would.
 */

/**
 * Decks to match names against, as one string and one typed array: a thousand decks' names
 * copied to a worker as a thousand objects cost the event loop more than matching them did
 * (structured clone copies each string on its own), while one string is a single copy.
 */
export type NameColumns = {
  /** Each deck's id, company and title, in order, separated by NUL characters. */
  names: string;
  /** Each deck's readyAt in ms, NaN for none. */
  readyAt: Float64Array;
};

export type CopilotTask =
  /** Each page read into sentences. */
  | { kind: 'sentences'; pages: { number: number; text: string }[] }
  /**
   * The decks each text names. `listId` names the list of decks: the pool sends its columns to a
   * worker only when that worker's last list was another.
   */
  | { kind: 'mentions'; texts: string[]; listId: number; decks: NameColumns };

export type CopilotTaskResult<Task extends CopilotTask> = Task extends { kind: 'sentences' }
  ? DeckSentence[][]
  : MentionAt[][];

const separator = '\u0000';
// A NUL inside a name would shift every later deck; matching reads it as a space anyway.
const withoutSeparator = (text: string) => (text.includes(separator) ? text.replaceAll(separator, ' ') : text);

/** The columns of `decks`, in their order (a mention names a deck by its place). */
export function columnsOf(decks: readonly NamedDeck[]): NameColumns {
  const parts: string[] = [];
  const readyAt = new Float64Array(decks.length);
  for (const [at, deck] of decks.entries()) {
    parts.push(deck.id, withoutSeparator(deck.company), withoutSeparator(deck.title));
    readyAt[at] = deck.readyAt?.getTime() ?? Number.NaN;
  }
  return { names: parts.join(separator), readyAt };
}

function decksOf(columns: NameColumns): NamedDeck[] {
  const parts = columns.names.split(separator);
  return Array.from(columns.readyAt, (readyAt, at) => ({
    id: parts[at * 3] ?? '',
    company: parts[at * 3 + 1] ?? '',
    title: parts[at * 3 + 2] ?? '',
    readyAt: Number.isNaN(readyAt) ? null : new Date(readyAt),
  }));
}

/** A task as it crosses to a worker: a list of decks the worker already holds is left out. */
export type CopilotTaskMessage =
  | Exclude<CopilotTask, { kind: 'mentions' }>
  | (Omit<Extract<CopilotTask, { kind: 'mentions' }>, 'decks'> & { decks?: NameColumns });

/**
 * Runs tasks as a worker does, keeping the last list of decks it was given: asks within the same
 * second match against the same list (off-thread.ts), which is then sent once, not per ask.
 */
export class CopilotTaskRunner {
  private list: { id: number; decks: NamedDeck[] } | undefined;

  run(task: CopilotTaskMessage): DeckSentence[][] | MentionAt[][] {
    if (task.kind === 'sentences') return task.pages.map((page) => readSentencesOfPage(page.number, page.text));
    if (task.decks) this.list = { id: task.listId, decks: decksOf(task.decks) };
    if (this.list?.id !== task.listId) throw new Error(`list ${task.listId} of decks was never sent`);
    const { decks } = this.list;
    return task.texts.map((text) => findMentionsAt(text, decks));
  }
}

/** Runs one task in this thread: what a worker answers for it (tests compare the two). */
export function runCopilotTask<Task extends CopilotTask>(task: Task): CopilotTaskResult<Task> {
  return new CopilotTaskRunner().run(task) as CopilotTaskResult<Task>;
}
