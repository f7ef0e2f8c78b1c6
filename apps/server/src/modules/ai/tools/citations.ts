import type { AiCitation, AiTable } from '@deckvalid/contract/ai';

/** A page's text as the citation check compares it: white space collapsed, so a line break in a quote matches. */
export const normaliseSpace = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Text as the check compares it: spaces collapsed, and a deck's own "[n]" read as the "(n)" that
 * answers quote it as (engines/format.ts, `quoted`), so a quote of a footnoted sentence still stands.
 */
const comparable = (text: string) => normaliseSpace(text).replace(/\[(\d+)\]/g, '($1)');

/** Pages of a deck the investor may see, by page number, as the tools read them. */
export type CitablePages = ReadonlyMap<number, string>;

/**
 * The citations of one answer, built from tool results only (docs/copilot.md, "Citations"): a
 * citation is accepted only for a deck whose live pages a tool read for this investor (so one
 * they may see), a page that exists, and a quote that stands on that page. `cite` answers the
 * `[n]` marker to put after the sentence or figure, or '' when the quote is not on the page, so
 * nothing unsupported is ever marked as supported.
 */
export class CitationBook {
  private readonly entries: AiCitation[] = [];
  private readonly pagesByDeck = new Map<string, CitablePages>();

  /** Registers the pages a tool read; only these can be cited. */
  addPages(pitchDeckId: string, pages: CitablePages): void {
    this.pagesByDeck.set(pitchDeckId, pages);
  }

  /** Whether `quote` stands on that page of that deck, as read. */
  stands(pitchDeckId: string, page: number, quote: string): boolean {
    const text = this.pagesByDeck.get(pitchDeckId)?.get(page);
    const wanted = comparable(quote);
    return text !== undefined && wanted.length > 0 && comparable(text).includes(wanted);
  }

  /** The marker of the citation (reused when the same quote is cited twice), or '' when it does not stand. */
  cite(pitchDeckId: string, page: number, quote: string): string {
    const wanted = normaliseSpace(quote);
    if (!this.stands(pitchDeckId, page, wanted)) return '';
    const found = this.entries.findIndex(
      (entry) => entry.pitchDeckId === pitchDeckId && entry.page === page && entry.quote === wanted,
    );
    if (found !== -1) return `[${found + 1}]`;
    this.entries.push({ pitchDeckId, page, quote: wanted });
    return `[${this.entries.length}]`;
  }

  list(): AiCitation[] {
    return [...this.entries];
  }
}

/**
 * An engine's answer with only the citations that stand (on pages the ask's tools read), markers
 * renumbered to match and the markers of dropped ones removed: the service's last word on every
 * engine's citations, so one a model invents never reaches the investor.
 */
export function keepStandingCitations<Answer extends { text: string; citations: AiCitation[]; table?: AiTable }>(
  answer: Answer,
  book: CitationBook,
): Answer {
  const renumbered = new Map<number, number>();
  const kept: AiCitation[] = [];
  answer.citations.forEach((citation, index) => {
    if (!book.stands(citation.pitchDeckId, citation.page, citation.quote)) return;
    kept.push(citation);
    renumbered.set(index + 1, kept.length);
  });
  if (kept.length === answer.citations.length) return answer;
  const remark = (text: string) =>
    text.replace(/ ?\[(\d+)\]/g, (marker, number: string) => {
      const next = renumbered.get(Number(number));
      return next === undefined ? '' : marker.replace(number, String(next));
    });
  return {
    ...answer,
    text: remark(answer.text),
    citations: kept,
    ...(answer.table ? { table: { ...answer.table, rows: answer.table.rows.map((row) => row.map(remark)) } } : {}),
  };
}
