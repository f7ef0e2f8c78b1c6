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
import { type CitationBook, normaliseSpace } from '../tools/citations';
import type { CopilotTools, DeckRead, LiveDeckName } from '../tools/copilot-tools';
import { deckLabel, formatUsd, listOf, possessive, quoted } from './format';
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
  return marker ? `${quoted(sentence.text)} ${marker}` : '';
}

/**
 * A figure with its marker: the figure's own words where they stand on its page, else the
 * sentence on that page that holds them. Undefined when neither stands: then it is not stated.
 */
function citedFigure(book: CitationBook, read: DeckRead, figure: DeckFigure): string | undefined {
  const marker = book.cite(read.deck.id, figure.page, figure.text);
  if (marker) return `${quoted(figure.text)} ${marker}`;
  const page = read.pages.find((candidate) => candidate.number === figure.page);
  const holder = page && sentencesOfDeck([page]).find((sentence) => sentence.text.includes(figure.text));
  const fallback = holder ? book.cite(read.deck.id, holder.page, holder.text) : '';
  return fallback ? `${quoted(figure.text)} ${fallback}` : undefined;
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

/**
 * "what is Harbor Lights' ARR?", "Tallyo's ARR and growth", "who is on the team?": every topic the
 * question asks gets its part of the answer, from the report's figures and sections, cited. A
 * topic the deck does not support says so; no other figure stands in for it.
 */
export async function questionAnswer(
  tools: CopilotTools,
  deck: LiveDeckName,
  question: string,
  parsed: ParsedQuestion,
): Promise<EngineReply> {
  const [read, report] = await Promise.all([tools.readDeck(deck.id), tools.report(deck.id)]);
  if (!read) return notFoundAnswer(deck.company);
  const name = deck.company;
  const topics = parsed.topics.length > 0 ? parsed.topics : parsed.topic ? [parsed.topic] : [];
  const follow = examples(
    `Summarise ${name}`,
    topics.some((topic) => topic.key === 'team')
      ? `What is ${possessive(name)} ARR?`
      : `Who is on ${possessive(name)} team?`,
    `What is ${possessive(name)} validation score?`,
    `Compare ${name} with another deck`,
  );
  if (topics.length === 0) {
    // The deck's own name is in the question and on most of its pages: matching it would answer
    // "what is Tallyo's favourite colour?" with any sentence that says "Tallyo".
    const asked = stemsOfQuestion(question);
    for (const stem of stemsOfQuestion(`${deck.company} ${deck.title}`)) asked.delete(stem);
    const best = bestSentences(sentencesOfDeck(read.pages), asked, new Set(), 2);
    const lines = best.map((sentence) => cited(tools.citations, deck.id, sentence)).filter(Boolean);
    return {
      text:
        lines.length > 0
          ? `From ${possessive(name)} deck: ${lines.join(' ')}`
          : `I can't answer that from ${possessive(name)} deck: it says nothing I can find about it. I can give its figures (ARR, growth, burn, runway, market size…), its team, a summary or its validation score.`,
      citations: tools.citations.list(),
      examples: follow,
    };
  }
  const parts = topicParts(tools, { deck, read, report }, topics, question);
  return { text: parts.join('\n'), citations: tools.citations.list(), examples: follow };
}

/** A deck as an answer reads it: its listing, live pages and report. */
export type DeckFacts = { deck: LiveDeckName; read: DeckRead; report: DeckAnalysis | undefined };

/** The parts of an answer about one deck, one per topic asked, in the question's order. */
export function topicParts(
  tools: CopilotTools,
  facts: DeckFacts,
  topics: readonly Topic[],
  question: string,
): string[] {
  const answered = new Set<FigureKey>();
  return topics.map((topic) => topicPart(tools, facts, topic, question, answered)).filter(Boolean);
}

/**
 * One topic's part of an answer. `answered` holds the figure keys already given, so "revenue and
 * ARR" does not state the ARR twice when the revenue falls back to it.
 */
function topicPart(
  tools: CopilotTools,
  { deck, read, report }: DeckFacts,
  topic: Topic,
  question: string,
  answered: Set<FigureKey>,
): string {
  const name = deck.company;
  if (topic.isScore) return scoreAnswer(name, report).text;
  if (topic.isMissing) return missingAnswer(name, report).text;
  if (topic.isSourced) return sourcedAnswer(tools.citations, read, name, report);
  if (topic.isConsistency) return consistencyAnswer(name, report);
  const parts: string[] = [];
  const set = narrowedToScopes(figuresFor(report, topic.figures), question);
  if (set && answered.has(set.key)) return '';
  if (set) {
    answered.add(set.key);
    parts.push(...figureLines(tools.citations, read, name, set));
  }
  if (topic.isAsk) parts.push(`${possessive(name)} listing asks for ${formatUsd(deck.amountSought)} (${deck.stage}).`);
  const pages = pagesOfSections(report, topic.sections);
  const sentences = sentencesOfDeck(read.pages.filter((page) => pages.has(page.number)));
  if (topic.figures.length === 0 && topic.sections.length > 0) {
    // "Who is on the team?" wants everyone on the team's pages, not the three best sentences.
    const best = topic.isWhole
      ? wholeText(
          read.pages.filter((page) => pages.has(page.number)),
          sentences,
        ).slice(0, 8)
      : bestSentences(sentences, stemsOfQuestion(question), stemsOfTopic(topic), 3);
    // A section with no sentence that answers still has its pages' first sentences.
    const chosen = best.length > 0 ? best : sentences.slice(0, 2);
    const lines = chosen.map((sentence) => cited(tools.citations, deck.id, sentence)).filter(Boolean);
    if (lines.length > 0) parts.push(lines.join(' '));
  } else if (!set && !topic.isAsk) {
    // No figure: only a sentence that names the topic itself may answer, never the section's first
    // sentence, which would put an unrelated number where the burn was asked.
    const naming = bestSentences(sentences, new Set(), stemsOfLabel(topic), 2);
    const lines = naming.map((sentence) => cited(tools.citations, deck.id, sentence)).filter(Boolean);
    parts.push(
      lines.length > 0
        ? `${possessive(name)} deck gives no ${topic.label} figure; it says: ${lines.join(' ')}`
        : `${possessive(name)} deck does not state its ${topic.label}.`,
    );
  }
  return parts.length > 0 ? parts.join('\n') : `${possessive(name)} deck does not state its ${topic.label}.`;
}

/**
 * Everything the pages say, in their order: their sentences, and each line no sentence holds. A
 * team slide's "Leo Grant, CTO." is too short to count as a sentence, and "who is on the team?"
 * named two of three founders without it.
 */
function wholeText(pages: DeckRead['pages'], sentences: DeckSentence[]): DeckSentence[] {
  const found: { sentence: DeckSentence; at: number }[] = [];
  for (const page of pages) {
    const text = normaliseSpace(page.text);
    const own = sentences.filter((sentence) => sentence.page === page.number);
    const held = normaliseSpace(own.map((sentence) => sentence.text).join(' '));
    for (const sentence of own) found.push({ sentence, at: page.number * 1e6 + text.indexOf(sentence.text) });
    const lines = page.text.split('\n').map((line) => normaliseSpace(line));
    for (const [index, line] of lines.entries()) {
      const isTitle = index === 0 && (line === normaliseSpace(page.title ?? '') || !/[.!?:]$/.test(line));
      if (isTitle || !/[A-Za-z]/.test(line) || held.includes(line) || pageNumberLike.test(line)) continue;
      const sentence: DeckSentence = {
        page: page.number,
        index: -1,
        text: line,
        stems: [],
        hasFigure: /\d/.test(line),
      };
      found.push({ sentence, at: page.number * 1e6 + text.indexOf(line) });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.sentence);
}

const pageNumberLike = /^\d+\s*(\/|of)\s*\d+$/i;

/**
 * "What is Tallyo's TAM?" asks for the TAM, not every slice of the market: the current figures
 * of the scopes the question names, when the deck states any of them.
 */
function narrowedToScopes(set: FigureSet | undefined, question: string): FigureSet | undefined {
  const named = new Set([...question.toUpperCase().matchAll(/\b(TAM|SAM|SOM)\b/g)].map((match) => match[1]));
  if (!set || named.size === 0) return set;
  const current = set.current.filter((figure) => figure.scope && named.has(figure.scope));
  return current.length > 0 ? { ...set, current } : set;
}

/** A figure's period, read so that a report written before periods existed counts as current. */
export const isPastFigure = (figure: DeckFigure) => figure.period === 'past';
export const isProjectedFigure = (figure: DeckFigure) => figure.period === 'projected';
export const isNowFigure = (figure: DeckFigure) => !isPastFigure(figure) && !isProjectedFigure(figure);

/** One key's figures of a deck, apart by period: the headline is `current`; history and plan are said apart. */
export type FigureSet = { key: FigureKey; current: DeckFigure[]; past: DeckFigure[]; projected: DeckFigure[] };

/** What tells two figures of one key apart: the market's scope, a price's unit, a use of funds' purpose. */
const facetOf = (figure: DeckFigure) => [figure.scope ?? '', figure.per ?? '', figure.purpose ?? ''].join('|');

/**
 * The report's figures for the topic's keys: the first key with a current figure (revenue, then
 * ARR, then MRR), else the first with any. Current ones once per scope; past and projected once
 * per words and year.
 */
export function figuresFor(report: DeckAnalysis | undefined, keys: readonly FigureKey[]): FigureSet | undefined {
  const all = report?.figures ?? [];
  const key =
    keys.find((candidate) => all.some((figure) => figure.key === candidate && isNowFigure(figure))) ??
    keys.find((candidate) => all.some((figure) => figure.key === candidate));
  if (!key) return undefined;
  const unique = (figures: DeckFigure[], keyOf: (figure: DeckFigure) => string) => {
    const seen = new Set<string>();
    return figures.filter((figure) => {
      const id = keyOf(figure);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  };
  const ofKey = all.filter((figure) => figure.key === key);
  return {
    key,
    current: unique(ofKey.filter(isNowFigure), facetOf),
    past: unique(ofKey.filter(isPastFigure), (figure) => `${figure.text}|${figure.year ?? ''}`),
    projected: unique(ofKey.filter(isProjectedFigure), (figure) => `${figure.text}|${figure.year ?? ''}`),
  };
}

/** How a sentence names a figure where the report's label reads badly after "its" ("its raising"). */
const figurePhrases: Partial<Record<FigureKey, string>> = {
  raise: 'raise',
  raised_to_date: 'money raised so far',
  use_of_funds: 'use of funds',
  price: 'price',
};

const phraseOf = (key: FigureKey) => figurePhrases[key] ?? figureLabels[key].toLowerCase();

/**
 * A figure's words, cited, and where it stands: "… (page 8)", "… (page 11, for 2027)",
 * "… (TAM, page 5)" when one line holds several scopes. Undefined when the words do not stand.
 */
function stated(book: CitationBook, read: DeckRead, figure: DeckFigure, withFacet = false): string | undefined {
  const words = citedFigure(book, read, figure);
  if (!words) return undefined;
  const facet = withFacet ? (figure.scope ?? figure.purpose) : undefined;
  const notes = [
    facet && !figure.text.includes(facet) ? facet : '',
    `page ${figure.page}`,
    // A plan is for its year; history was in it.
    figure.year && !figure.text.includes(String(figure.year))
      ? `${isPastFigure(figure) ? 'in' : 'for'} ${figure.year}`
      : '',
  ];
  return `${words} (${notes.filter(Boolean).join(', ')})`;
}

/**
 * The lines of one key's figures: the current ones as the headline, then what the deck says of
 * the past and the plan, each said as such ("ARR … (page 8). Earlier: … The plan: … (page 11, for 2027)").
 */
export function figureLines(book: CitationBook, read: DeckRead, name: string, set: FigureSet): string[] {
  const phrase = phraseOf(set.key);
  const lines: string[] = [];
  const [only, ...others] = set.current;
  if (only && others.length === 0) {
    const words = stated(book, read, only);
    const scope = only.scope ? ` (${only.scope})` : '';
    if (words) lines.push(`${possessive(name)} deck states its ${phrase}${scope}: ${words}.`);
  } else if (only) {
    const items = set.current.map((figure) => stated(book, read, figure, true)).filter(Boolean);
    if (items.length > 0) lines.push(`${possessive(name)} deck states its ${phrase}: ${items.join('; ')}.`);
  }
  const past = set.past.map((figure) => stated(book, read, figure)).filter(Boolean);
  const plan = set.projected.map((figure) => stated(book, read, figure)).filter(Boolean);
  if (lines.length === 0 && (past.length > 0 || plan.length > 0)) {
    lines.push(`${possessive(name)} deck states no current ${phrase}.`);
  }
  if (past.length > 0) lines.push(`Earlier: ${past.join('; ')}.`);
  if (plan.length > 0) lines.push(`The plan: ${plan.join('; ')}.`);
  return lines;
}

/** "TAM, and is it sourced?": the report's check that every market figure names a source or date. */
function sourcedAnswer(book: CitationBook, read: DeckRead, name: string, report: DeckAnalysis | undefined): string {
  const check = report?.checks.find((candidate) => candidate.key === 'sourced_market_figures');
  if (!report || !check) return `${possessive(name)} validation report is not ready yet.`;
  if (check.passed === null) return `${possessive(name)} deck states no market size, so there is nothing to source.`;
  if (!check.passed) return `Sourced: no. ${check.message}`;
  // The sentence that names the source, quoted, so the investor sees which source it is.
  const marketPages = new Set(
    report.figures.filter((figure) => figure.key === 'market_size').map((figure) => figure.page),
  );
  const named = sentencesOfDeck(read.pages.filter((page) => marketPages.has(page.number))).find((sentence) =>
    sourceMention.test(sentence.text),
  );
  const quote = named ? cited(book, read.deck.id, named) : '';
  return `Sourced: yes. ${check.message}${quote ? ` ${quote}` : ''}`;
}

/** What names a source or a date beside a market figure, as the report's check reads it. */
const sourceMention = /\b(sources?|according to|est\.|estimated|report|research)\b|\b(19|20)\d\d\b/i;

/** "Do Tallyo's figures agree?": the report's check of the deck's figures against each other. */
function consistencyAnswer(name: string, report: DeckAnalysis | undefined): string {
  const check = report?.checks.find((candidate) => candidate.key === 'figures_agree');
  if (!report || !check)
    return `${possessive(name)} validation report does not check its figures against each other yet.`;
  if (check.passed === null)
    return `${possessive(name)} deck states too few related figures to check them against each other.`;
  return check.passed
    ? `${possessive(name)} figures agree with each other. ${check.message}`
    : `${possessive(name)} deck contradicts itself: ${check.message}`;
}

/** The stems of a topic's own name ("burn"), what a sentence must say to answer it without a figure. */
let labelStems: Map<string, Set<string>> | undefined;
function stemsOfLabel(topic: Topic): Set<string> {
  labelStems ??= new Map();
  let stems = labelStems.get(topic.key);
  if (!stems) {
    stems = stemsOfQuestion(topic.label);
    labelStems.set(topic.key, stems);
  }
  return stems;
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
    reports.some((report) => report?.figures.some((figure) => figure.key === key && isNowFigure(figure))),
  );
  const cell = (index: number, key: FigureKey) => {
    const read = reads[index];
    // The table's cells are headlines: current figures only; history and plans are not the deck's now.
    const figure = reports[index]?.figures.find((candidate) => candidate.key === key && isNowFigure(candidate));
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
