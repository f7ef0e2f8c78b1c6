import type { Principal } from '@/core/identity/principal';
import { canAskCopilot } from '../ai.policy';
import type { CopilotServices, LiveDeckName } from '../tools/copilot-tools';
import { hasMentions, rememberMentions } from '../tools/deck-matching';
import type { CopilotPool } from './copilot-pool';
import { columnsOf } from './copilot-tasks';
import { readPageSentences, rememberPageSentences } from './sentences';

/** How long one read of the visible decks' names serves every ask (see `visibleNames`). */
const namesTtlMs = 1_000;

/**
 * The built-in engine's CPU work, done on the worker pool as the copilot's services read what it
 * works on (docs/copilot.md, "The worker pool"): a deck's pages are read into sentences, and the
 * visible decks' names are matched against the ask's texts (the question and the history the
 * engine may look back on). The engines' synchronous calls (`sentencesOfDeck`,
 * `findMentionedDecks`) then find the answers ready instead of running wink and the name matcher
 * on the event loop. The reads themselves stay on the main thread, which owns the database, and
 * are still the services' own, as the investor. A pool that fails fails the read, so the ask
 * answers 503 rather than doing the work on the loop after all.
 */
export class OffThreadWork {
  private names: { list: Promise<LiveDeckName[]>; id: number; readAt: number } | undefined;
  private nextListId = 1;

  constructor(
    private readonly pool: CopilotPool,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Drops the names read: a deck went live, changed version or went away. */
  forgetNames(): void {
    this.names = undefined;
  }

  /** The copilot's services for one ask of `texts`, with their CPU work done off the loop. */
  servicesFor(services: CopilotServices, texts: readonly string[]): CopilotServices {
    const { decks } = services;
    const wanted = [...new Set(texts.filter((text) => text.trim().length > 0))];
    return {
      ...services,
      decks: {
        search: (...args) => decks.search(...args),
        findLiveVersion: (...args) => decks.findLiveVersion(...args),
        getForInvestor: (...args) => decks.getForInvestor(...args),
        listVisibleNames: async (principal) => {
          const { list, id } = await this.visibleNames(services, principal);
          const unmatched = wanted.filter((text) => !hasMentions(list, text));
          if (list.length > 0 && unmatched.length > 0) {
            const found = await this.pool.run({
              kind: 'mentions',
              texts: unmatched,
              listId: id,
              decks: columnsOf(list),
            });
            for (const [at, text] of unmatched.entries()) rememberMentions(list, text, found[at] ?? []);
          }
          return list;
        },
        readLivePages: async (principal, id) => {
          const read = await decks.readLivePages(principal, id);
          // Pages read by an earlier ask are kept (sentences.ts); only new ones go to a worker.
          const unread = read.pages.filter((page) => !readPageSentences(page.number, page.text));
          if (unread.length > 0) {
            const pages = unread.map((page) => ({ number: page.number, text: page.text }));
            const sentences = await this.pool.run({ kind: 'sentences', pages });
            for (const [at, page] of pages.entries()) {
              rememberPageSentences(page.number, page.text, sentences[at] ?? []);
            }
          }
          return read;
        },
      },
    };
  }

  /**
   * The visible decks' names, read once a second for all asks: every ask needs all of them (a
   * thousand rows, the heaviest read of an ask on the event loop and in the database), and the
   * list is the same for every investor (PitchDecksService.listVisibleNames: every live deck).
   * A deck going live or away clears it at once (ai.module.ts); a renamed deck is found under
   * its new name within the second. Names only pick which decks an ask reads: every read after
   * them is the service's own, as the investor, so a name read a second ago reveals nothing.
   */
  private async visibleNames(
    services: CopilotServices,
    principal: Principal,
  ): Promise<{ list: LiveDeckName[]; id: number }> {
    // Asks are investors' alone (AiService.ask); anyone else reads through, uncached.
    if (!canAskCopilot(principal)) return { list: await services.decks.listVisibleNames(principal), id: 0 };
    const now = this.now();
    if (!this.names || now - this.names.readAt > namesTtlMs) {
      const list = services.decks.listVisibleNames(principal);
      const names = { list, id: this.nextListId++, readAt: now };
      this.names = names;
      // A failed read is not kept: the next ask tries again.
      list.catch(() => {
        if (this.names === names) this.names = undefined;
      });
    }
    const { list, id } = this.names;
    return { list: await list, id };
  }
}
