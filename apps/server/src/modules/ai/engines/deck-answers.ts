import type { AiExample, AiTable } from '@deckvalid/contract/ai';
import {
  type AnalysisSectionKey,
  analysisSectionLabels,
  type DeckAnalysis,
  type DeckFigure,
  type FigureKey,
  figureKeys,
  figureLabels,
} from '@deckvalid/contract/analysis';
import type { EngineReply } from '../engine';
import type { CitationBook } from '../tools/citations';
import type { CopilotTools, DeckRead, LiveDeckName } from '../tools/copilot-tools';
import { deckLabel, formatUsd, listOf, possessive } from './format';
import type { ParsedQuestion, Topic } from './intent';
import { bestSentences, type DeckSentence, sentencesOfDeck, stemsOfQuestion, summarise } from './sentences';

/**
 * The built-in engine's answers about named decks: a summary, a question of one deck, and a
 * comparison. Every figure and sentence taken from a deck is cited through the ask's
 * CitationBook; what the deck does not support is said to be missing, never guessed.
 */

/** Sections whose pages a summary favours: what an investor reads a deck for. */
const keySections: AnalysisSectionKey[] = ['purpose', 'problem', 'solution', 'market', 'traction', 'team', 'ask'];

const examples = (...labels: string[]): AiExample[] => [...new Set(labels)].map((label) => ({ label }));

/** A sentence of the deck with its citation marker; '' when it does not stand on its page. */
function cited(book: CitationBook, pitchDeckId: string, sentence: DeckSentence): string {
  const marker = book.cite(pitchDeckId, sentence.page, sentence.text);
  return marker ? `${sentence.text} ${marker}` : '';
}

/**
 * A figure with its marker: the figure's own words where they stand on its page, else the
 * sentence on that page that holds them. Undefined when neither stands: then it is not stated.
 */
function citedFigure(book: CitationBook, read: DeckRead, figure: DeckFigure): string | undefined {
  const marker = book.cite(read.deck.id, figure.page, figure.text);
  if (marker) return `${figure.text} ${marker}`;
  const page = read.pages.find((candidate) => candidate.number === figure.page);
  const holder = page && sentencesOfDeck([page]).find((sentence) => sentence.text.includes(figure.text));
  const fallback = holder ? book.cite(read.deck.id, holder.page, holder.text) : '';
  return fallback ? `${figure.text} ${fallback}` : undefined;
}

/** The pages the report says tell the given sections. */
function pagesOfSections(report: DeckAnalysis | undefined, keys: readonly AnalysisSectionKey[]): Set<number> {
  return new Set(
    (report?.sections ?? []).filter((section) => keys.includes(section.key)).flatMap((section) => section.pages),
  );
}

/** "summarise Harbor Lights": 5–8 sentences taken from its pages, each cited. */
export async function summaryAnswer(tools: CopilotTools, deck: LiveDeckName): Promise<EngineReply> {
  const [read, report] = await Promise.all([tools.readDeck(deck.id), tools.report(deck.id)]);
  if (!read) return notFoundAnswer(deck.company);
  const chosen = summarise(read.pages, pagesOfSections(report, keySections));
  const name = deckLabel(deck);
  const lines = chosen.map((sentence) => cited(tools.citations, deck.id, sentence)).filter(Boolean);
  const text =
    lines.length === 0
      ? `${possessive(name)} deck has no text I can summarise (its pages may be images).`
      : `${possessive(name)} deck in ${lines.length} sentence${lines.length === 1 ? '' : 's'} of its own:\n\n${lines.join(' ')}` +
        (lines.length < 5 ? `\n\nThe deck has no more text than this to summarise.` : '');
  return {
    text,
    citations: tools.citations.list(),
    examples: examples(
      `Who is on ${possessive(deck.company)} team?`,
      `What is ${possessive(deck.company)} ARR?`,
      `What is missing from ${possessive(deck.company)} deck?`,
      `Show interest in ${deck.company}`,
    ),
  };
}

export function notFoundAnswer(name: string): EngineReply {
  return {
    text: `I couldn't find a deck called “${name}” among the decks you can see.`,
    citations: [],
    examples: examples('Find seed decks in fintech', 'List my interests', 'What changed this week?'),
  };
}

/** "what is Harbor Lights' ARR?", "who is on the team?": from the report's figures and sections, cited. */
export async function questionAnswer(
  tools: CopilotTools,
  deck: LiveDeckName,
  question: string,
  parsed: ParsedQuestion,
): Promise<EngineReply> {
  const [read, report] = await Promise.all([tools.readDeck(deck.id), tools.report(deck.id)]);
  if (!read) return notFoundAnswer(deck.company);
  const name = deck.company;
  const topic = parsed.topic;
  const follow = examples(
    `Summarise ${name}`,
    topic?.key === 'team' ? `What is ${possessive(name)} ARR?` : `Who is on ${possessive(name)} team?`,
    `What is ${possessive(name)} validation score?`,
    `Compare ${name} with another deck`,
  );
  if (topic?.isScore) return { ...scoreAnswer(name, report), examples: follow };
  if (topic?.isMissing) return { ...missingAnswer(name, report), examples: follow };

  const parts: string[] = [];
  if (topic) {
    const figures = figuresFor(report, topic.figures);
    for (const figure of figures) {
      const stated = citedFigure(tools.citations, read, figure);
      const scope = figure.scope ? ` (${figure.scope})` : '';
      const label = figureLabels[figure.key].toLowerCase();
      if (stated) parts.push(`${possessive(name)} deck states its ${label}${scope}: ${stated} (page ${figure.page}).`);
    }
    if (topic.isAsk)
      parts.push(`${possessive(name)} listing asks for ${formatUsd(deck.amountSought)} (${deck.stage}).`);
    if (topic.sections.length > 0 && (figures.length === 0 || topic.figures.length === 0)) {
      const pages = pagesOfSections(report, topic.sections);
      const sentences = sentencesOfDeck(read.pages.filter((page) => pages.has(page.number)));
      const best = bestSentences(sentences, stemsOfQuestion(question), stemsOfTopic(topic), 3);
      // A section with no sentence that answers still has its pages' first sentences.
      const chosen = best.length > 0 ? best : sentences.slice(0, 2);
      const lines = chosen.map((sentence) => cited(tools.citations, deck.id, sentence)).filter(Boolean);
      if (lines.length > 0) parts.push(lines.join(' '));
    }
  } else {
    const best = bestSentences(sentencesOfDeck(read.pages), stemsOfQuestion(question), new Set(), 2);
    const lines = best.map((sentence) => cited(tools.citations, deck.id, sentence)).filter(Boolean);
    if (lines.length > 0) parts.push(`From ${possessive(name)} deck: ${lines.join(' ')}`);
  }
  const text =
    parts.length > 0
      ? parts.join('\n')
      : `${possessive(name)} deck does not state ${topic ? `its ${topic.label}` : 'anything about that'}.`;
  return { text, citations: tools.citations.list(), examples: follow };
}

/** The report's figures for the topic's keys, in the topic's order, one per key and scope. */
function figuresFor(report: DeckAnalysis | undefined, keys: readonly FigureKey[]): DeckFigure[] {
  const found: DeckFigure[] = [];
  for (const key of keys) {
    const seen = new Set<string>();
    for (const figure of report?.figures ?? []) {
      if (figure.key !== key || seen.has(figure.scope ?? '')) continue;
      seen.add(figure.scope ?? '');
      found.push(figure);
    }
    // The first key the deck states answers; the others are fall-backs (revenue → ARR → MRR).
    if (found.length > 0) break;
  }
  return found;
}

let cueStems: Map<string, Set<string>> | undefined;
function stemsOfTopic(topic: Topic): Set<string> {
  cueStems ??= new Map();
  let stems = cueStems.get(topic.key);
  if (!stems) {
    stems = stemsOfQuestion(`${topic.label} ${topic.sections.map((key) => analysisSectionLabels[key]).join(' ')}`);
    cueStems.set(topic.key, stems);
  }
  return stems;
}

function scoreAnswer(name: string, report: DeckAnalysis | undefined): Omit<EngineReply, 'examples'> {
  if (!report) return { text: `${possessive(name)} validation report is not ready yet.`, citations: [] };
  const parts = report.breakdown.map((item) => `${item.label.toLowerCase()} ${item.points}/${item.max}`);
  return {
    text: `${possessive(name)} deck scores ${report.score}/100 in its validation report (${parts.join(', ')}).`,
    citations: [],
  };
}

function missingAnswer(name: string, report: DeckAnalysis | undefined): Omit<EngineReply, 'examples'> {
  if (!report) return { text: `${possessive(name)} validation report is not ready yet.`, citations: [] };
  const missing = report.sections.filter((section) => !section.found).map((section) => section.label);
  return {
    text:
      missing.length === 0
        ? `${possessive(name)} deck tells every section of the outline.`
        : `${possessive(name)} deck does not tell: ${listOf(missing)}.`,
    citations: [],
  };
}

/** "compare Harbor Lights and Tidewater": a table of facts, figures and missing sections, cited. */
export async function compareAnswer(tools: CopilotTools, decks: LiveDeckName[]): Promise<EngineReply> {
  const reads = await Promise.all(decks.map((deck) => tools.readDeck(deck.id)));
  const reports = await Promise.all(decks.map((deck) => tools.report(deck.id)));
  const book = tools.citations;
  const keys = figureKeys.filter((key) =>
    reports.some((report) => report?.figures.some((figure) => figure.key === key)),
  );
  const cell = (index: number, key: FigureKey) => {
    const read = reads[index];
    const figure = reports[index]?.figures.find((candidate) => candidate.key === key);
    return (read && figure && citedFigure(book, read, figure)) || '—';
  };
  const rows: string[][] = [
    ['Stage', ...decks.map((deck) => deck.stage)],
    ['Sector', ...decks.map((deck) => deck.sector)],
    ['Location', ...decks.map((deck) => deck.location)],
    ['Amount asked', ...decks.map((deck) => formatUsd(deck.amountSought))],
    ['Score', ...reports.map((report) => (report ? `${report.score}/100` : 'not ready'))],
    ...keys.map((key) => [figureLabels[key], ...decks.map((_, index) => cell(index, key))]),
    [
      'Missing sections',
      ...reports.map((report) => {
        if (!report) return 'not ready';
        const missing = report.sections.filter((section) => !section.found).map((section) => section.label);
        return missing.length === 0 ? 'none' : missing.join(', ');
      }),
    ],
  ];
  const table: AiTable = { columns: ['', ...decks.map((deck) => deck.company)], rows };
  const scored = decks
    .map((deck, index) => ({ deck, score: reports[index]?.score }))
    .filter((entry): entry is { deck: LiveDeckName; score: number } => entry.score !== undefined)
    .sort((a, b) => b.score - a.score || a.deck.company.localeCompare(b.deck.company));
  const best = scored[0];
  const text = [
    `${listOf(decks.map((deck) => deck.company))} side by side, from their listings, decks and validation reports.`,
    best ? `${best.deck.company} scores highest (${best.score}/100).` : '',
    keys.length === 0 ? 'None of them states a key figure the report reads.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const [first, second] = decks;
  return {
    text,
    table,
    citations: book.list(),
    examples: examples(
      `Summarise ${first?.company ?? ''}`,
      `What is ${possessive(second?.company ?? first?.company ?? '')} ARR?`,
      `Who is on ${possessive(first?.company ?? '')} team?`,
      `Show interest in ${best?.deck.company ?? first?.company ?? ''}`,
    ),
  };
}
