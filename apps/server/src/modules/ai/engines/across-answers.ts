import type { AiExample } from '@deckvalid/contract/ai';
import { type DeckAnalysis, type DeckFigure, type FigureKey, figureLabels } from '@deckvalid/contract/analysis';
import type { EngineReply } from '../engine';
import type { CopilotTools, LiveDeckName } from '../tools/copilot-tools';
import { type FigureSet, figureLines, figuresFor, topicParts } from './deck-answers';
import { formatFigureValue, formatUsd, listOf, possessive } from './format';
import type { ParsedQuestion, Topic } from './intent';

/**
 * The built-in engine's answers over several decks on one figure or section: two named decks
 * compared on a figure ("is Tidewater's growth better than Tallyo's?"), and questions over many
 * ("rank my interests by ARR", "which decks are missing a market-size slide?", "which decks
 * contradict themselves?"). Only current figures rank or compare: a plan is not the business now.
 */

const examples = (...labels: string[]): AiExample[] => [...new Set(labels)].map((label) => ({ label }));

/** Reports read at once over many decks: the database pool is shared with every other request. */
const reportBatch = 25;

/** Decks listed by name in an answer over many decks; the rest are counted. */
const namedAtMost = 10;

/** Figures where less is better, so "better" means lower. */
const lowerIsBetter: ReadonlySet<FigureKey> = new Set(['churn', 'cac', 'burn']);

/** The basis a growth rate states, when its words say one: a month's growth is not a year's. */
function basisOf(figure: DeckFigure): 'month' | 'year' | undefined {
  if (/\b(month|monthly|mom|m\/m|a month|per month)\b/i.test(figure.text)) return 'month';
  if (/\b(year|yearly|annual|annually|yoy|y\/y)\b/i.test(figure.text)) return 'year';
  return undefined;
}

const figureTopicsOf = (parsed: ParsedQuestion): Topic[] => parsed.topics.filter((topic) => topic.figures.length > 0);

/**
 * "is Tidewater's growth better than Tallyo's?", "compare Harbor Lights and Ledgerleaf on ARR",
 * "who is on Harbor Lights' and Tallyo's teams?":
 * each deck's current figure, cited, and the comparison in a sentence. Topics without a figure
 * (the team) are answered deck by deck below.
 */
export async function figureComparisonAnswer(
  tools: CopilotTools,
  decks: LiveDeckName[],
  question: string,
  parsed: ParsedQuestion,
): Promise<EngineReply> {
  const facts = await Promise.all(
    decks.map(async (deck) => ({ deck, read: await tools.readDeck(deck.id), report: await tools.report(deck.id) })),
  );
  const paragraphs: string[] = [];
  for (const topic of figureTopicsOf(parsed)) {
    const lines: string[] = [];
    const heads: { deck: LiveDeckName; figure: DeckFigure }[] = [];
    for (const { deck, read, report } of facts) {
      const set = figuresFor(report, topic.figures);
      if (!read || !set) {
        lines.push(`${possessive(deck.company)} deck does not state its ${topic.label}.`);
        continue;
      }
      lines.push(...figureLines(tools.citations, read, deck.company, set));
      const [head] = set.current;
      if (head) heads.push({ deck, figure: head });
    }
    const verdict = comparisonSentence(topic, heads, decks.length);
    paragraphs.push([...lines, verdict].filter(Boolean).join('\n'));
  }
  const otherTopics = parsed.topics.filter((topic) => topic.figures.length === 0);
  if (otherTopics.length > 0) {
    for (const { deck, read, report } of facts) {
      if (!read) continue;
      const parts = topicParts(tools, { deck, read, report }, otherTopics, question);
      // A team's sentences do not name their deck: say whose they are.
      if (parts.length > 0) paragraphs.push(`${deck.company}: ${parts.join('\n')}`);
    }
  }
  const [first, second] = decks;
  return {
    text: paragraphs.join('\n\n'),
    citations: tools.citations.list(),
    examples: examples(
      `Compare ${first?.company ?? ''} and ${second?.company ?? ''}`,
      `Summarise ${first?.company ?? ''}`,
      `Summarise ${second?.company ?? ''}`,
    ),
  };
}

/**
 * The comparison in words, or why there is none: a deck that states no current figure, another
 * currency, or growth on another basis (a month against a year) are said, not compared.
 */
function comparisonSentence(
  topic: Topic,
  heads: { deck: LiveDeckName; figure: DeckFigure }[],
  deckCount: number,
): string {
  if (deckCount < 2) return '';
  const label = topic.label;
  if (heads.length < 2) {
    return `I can't compare their ${label}: only ${heads.length === 1 ? `${heads[0]?.deck.company} states a current one` : 'none of them states a current one'}.`;
  }
  const units = new Set(heads.map((head) => head.figure.unit));
  if (units.size > 1) {
    return `I can't compare their ${label} directly: they are stated in different units (${[...units].join(', ')}), and I don't convert them.`;
  }
  if (heads.every((head) => head.figure.key === 'growth')) {
    const bases = heads.map((head) => basisOf(head.figure));
    if (new Set(bases).size > 1 && bases.every(Boolean)) {
      return `Their growth is not on the same basis (${listOf(heads.map((head, index) => `${possessive(head.deck.company)} is ${bases[index] === 'month' ? 'a month' : 'a year'}`))}), so the rates do not compare directly.`;
    }
  }
  const sorted = [...heads].sort((a, b) => b.figure.value - a.figure.value);
  const [top, ...rest] = sorted;
  if (!top) return '';
  const shown = (head: { figure: DeckFigure }) => formatFigureValue(head.figure);
  const key = top.figure.key;
  const better = lowerIsBetter.has(key) ? ' (lower is better)' : '';
  if (rest.every((head) => head.figure.value === top.figure.value)) {
    return `Their ${label} is the same: ${shown(top)}.`;
  }
  if (sorted.length === 2 && rest[0]) {
    return `${possessive(top.deck.company)} ${label} (${shown(top)}) is higher than ${possessive(rest[0].deck.company)} (${shown(rest[0])})${better}.`;
  }
  return `From highest to lowest ${label}${better}: ${sorted.map((head) => `${head.deck.company} (${shown(head)})`).join(', ')}.`;
}

/** The decks an across question is over: those it names, the investor's interests, or every visible deck. */
async function decksOf(tools: CopilotTools, parsed: ParsedQuestion, named: LiveDeckName[]): Promise<LiveDeckName[]> {
  if (named.length >= 2) return named;
  let decks: LiveDeckName[] = [];
  if (parsed.across?.scope !== 'interests') decks = await tools.visibleDecks();
  else {
    const { data } = await tools.interests(undefined, 100);
    for (const interest of data) {
      if (interest.status === 'withdrawn') continue;
      const deck = await tools.deckById(interest.pitchDeckId);
      if (deck) decks.push(deck);
    }
  }
  // "Fintech decks with the highest ARR": the listing's filters narrow the decks first.
  return decks.filter(
    (deck) =>
      (parsed.sector === undefined || deck.sector === parsed.sector) &&
      (parsed.stage === undefined || deck.stage === parsed.stage) &&
      (parsed.minAmount === undefined || deck.amountSought >= parsed.minAmount) &&
      (parsed.maxAmount === undefined || deck.amountSought <= parsed.maxAmount),
  );
}

/** Each deck's report, a batch at a time; a deck without a report yet is left out and counted. */
async function reportsOf(tools: CopilotTools, decks: LiveDeckName[]) {
  const found: { deck: LiveDeckName; report: DeckAnalysis }[] = [];
  let notReady = 0;
  for (let start = 0; start < decks.length; start += reportBatch) {
    const batch = decks.slice(start, start + reportBatch);
    const reports = await Promise.all(batch.map((deck) => tools.report(deck.id)));
    batch.forEach((deck, index) => {
      const report = reports[index];
      if (report) found.push({ deck, report });
      else notReady++;
    });
  }
  return { found, notReady };
}

function scopeWords(parsed: ParsedQuestion, named: LiveDeckName[]): string {
  if (named.length >= 2) return 'the decks you named';
  const filters = [parsed.stage, parsed.sector].filter(Boolean).join(' ');
  const amount =
    parsed.maxAmount !== undefined
      ? ` raising at most ${formatUsd(parsed.maxAmount)}`
      : parsed.minAmount !== undefined
        ? ` raising at least ${formatUsd(parsed.minAmount)}`
        : '';
  if (parsed.across?.scope === 'interests') return `your ${filters ? `${filters} ` : ''}interests${amount}`;
  return `the ${filters ? `${filters} ` : ''}decks you can see${amount}`;
}

/** Names, the first few, then how many more. */
function namesOf(decks: LiveDeckName[]): string {
  const names = decks.slice(0, namedAtMost).map((deck) => deck.company);
  const more = decks.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : listOf(names);
}

/** "rank my interests by ARR", "which decks are missing a market slide?", "which decks contradict themselves?". */
export async function acrossAnswer(
  tools: CopilotTools,
  parsed: ParsedQuestion,
  named: LiveDeckName[],
): Promise<EngineReply> {
  const decks = await decksOf(tools, parsed, named);
  const over = scopeWords(parsed, named);
  const follow = examples('Which decks contradict themselves?', 'Rank my interests by ARR', 'List my interests');
  if (decks.length === 0) {
    return {
      text:
        parsed.across?.scope === 'interests'
          ? 'You have no open interests to look over.'
          : 'There are no decks you can see yet.',
      citations: [],
      examples: follow,
    };
  }
  const { found, notReady } = await reportsOf(tools, decks);
  const pending =
    notReady > 0 ? ` ${notReady} deck${notReady === 1 ? ' has' : 's have'} no validation report yet.` : '';
  const kind = parsed.across?.kind;
  if (kind === 'contradicts') return { ...(await contradictionsAnswer(found, over, pending)), examples: follow };
  if (kind === 'missing') return { ...missingAcrossAnswer(found, parsed, over, pending), examples: follow };
  return { ...(await rankAnswer(tools, found, parsed, over, pending)), examples: follow };
}

/** Over every deck's `figures_agree` check: a deck contradicts itself when it fails. */
async function contradictionsAnswer(
  found: { deck: LiveDeckName; report: DeckAnalysis }[],
  over: string,
  pending: string,
): Promise<Omit<EngineReply, 'examples'>> {
  const checks = found.map(({ deck, report }) => ({
    deck,
    check: report.checks.find((candidate) => candidate.key === 'figures_agree'),
  }));
  if (checks.every(({ check }) => !check)) {
    return {
      text: "I can't answer that yet: these validation reports do not check a deck's figures against each other. I can tell you which decks are missing a section, or rank them by a figure.",
      citations: [],
    };
  }
  const failing = checks.filter(({ check }) => check?.passed === false);
  const unchecked = checks.filter(({ check }) => !check || check.passed === null).length;
  const tail = `${unchecked > 0 ? ` ${unchecked} state${unchecked === 1 ? 's' : ''} too few related figures to check.` : ''}${pending}`;
  if (failing.length === 0) {
    return {
      text: `None of ${over} contradicts itself, as far as their figures can be checked.${tail}`,
      citations: [],
    };
  }
  const lines = failing.slice(0, namedAtMost).map(({ deck, check }) => `- ${deck.company}: ${check?.message ?? ''}`);
  const more = failing.length > namedAtMost ? `\n…and ${failing.length - namedAtMost} more.` : '';
  return {
    text: `${failing.length} of ${over} contradict${failing.length === 1 ? 's' : ''} itself (from each validation report's check of its figures against each other):\n${lines.join('\n')}${more}\n${tail.trim()}`.trim(),
    citations: [],
  };
}

/**
 * Decks without the section or figure asked: a topic with sections ("a market-size slide") is
 * missing where the report finds no such section; a figure alone ("ARR") where no current one is
 * stated.
 */
function missingAcrossAnswer(
  found: { deck: LiveDeckName; report: DeckAnalysis }[],
  parsed: ParsedQuestion,
  over: string,
  pending: string,
): Omit<EngineReply, 'examples'> {
  const topics = parsed.topics.filter((candidate) => candidate.figures.length > 0 || candidate.sections.length > 0);
  if (topics.length === 0) {
    return {
      text: 'Say which section or figure to look for, for example “which decks are missing a team slide?”',
      citations: [],
    };
  }
  const asksForSlide = /\b(slide|section|page|part)s?\b/i.test(parsed.normalWords.join(' '));
  // "Missing a team or a market slide?": one sentence per thing asked.
  const sentences = topics.map((topic) => {
    const bySection = topic.sections.length > 0 && (asksForSlide || topic.figures.length === 0);
    const isMissing = ({ report }: { report: DeckAnalysis }) =>
      bySection
        ? !report.sections.some((section) => topic.sections.includes(section.key) && section.found)
        : !figuresFor(report, topic.figures)?.current.length;
    const missing = found.filter(isMissing).map(({ deck }) => deck);
    const what = bySection ? `${topic.label} section` : `current ${topic.label} figure`;
    if (missing.length === 0) return `Every one of ${over} has a ${what}.`;
    return `${missing.length} of ${found.length} of ${over} ${missing.length === 1 ? 'has' : 'have'} no ${what}: ${namesOf(missing)}.`;
  });
  return { text: `${sentences.join('\n')}${pending}`, citations: [] };
}

/** Ranks decks by their current figure of the first figure topic, within one unit; each figure cited. */
async function rankAnswer(
  tools: CopilotTools,
  found: { deck: LiveDeckName; report: DeckAnalysis }[],
  parsed: ParsedQuestion,
  over: string,
  pending: string,
): Promise<Omit<EngineReply, 'examples'>> {
  if (parsed.topics.some((candidate) => candidate.isScore)) return scoreRankAnswer(found, parsed, over, pending);
  const topic = figureTopicsOf(parsed)[0];
  if (!topic) return { text: 'Say which figure to rank by, for example “rank my interests by ARR”.', citations: [] };
  const stated: { deck: LiveDeckName; set: FigureSet; figure: DeckFigure }[] = [];
  const silent: LiveDeckName[] = [];
  for (const { deck, report } of found) {
    const set = figuresFor(report, topic.figures);
    // A market ranks by its widest slice the deck states (TAM before SAM before SOM).
    const figure = set?.current.slice().sort((a, b) => b.value - a.value)[0];
    if (set && figure) stated.push({ deck, set, figure });
    else silent.push(deck);
  }
  if (stated.length === 0) {
    return { text: `None of ${over} states a current ${topic.label}.${pending}`, citations: [] };
  }
  // Money ranks within one currency (the analyser never converts), and growth within one basis:
  // 15% a month is not less than 120% a year.
  const groupOf = (figure: DeckFigure) => `${figure.unit}|${figure.key === 'growth' ? (basisOf(figure) ?? '') : ''}`;
  const groupCounts = new Map<string, number>();
  for (const entry of stated) groupCounts.set(groupOf(entry.figure), (groupCounts.get(groupOf(entry.figure)) ?? 0) + 1);
  const group = [...groupCounts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const ranked = stated
    .filter((entry) => groupOf(entry.figure) === group)
    .sort(
      (a, b) =>
        (parsed.across?.isAscending ? a.figure.value - b.figure.value : b.figure.value - a.figure.value) ||
        a.deck.company.localeCompare(b.deck.company),
    );
  const otherUnit = stated.filter((entry) => groupOf(entry.figure) !== group).map((entry) => entry.deck);
  const lines: string[] = [];
  for (const [index, { deck, figure }] of ranked.slice(0, namedAtMost).entries()) {
    await tools.readDeck(deck.id);
    const marker = tools.citations.cite(deck.id, figure.page, figure.text);
    const label = figure.key === topic.figures[0] ? '' : ` (${figureLabels[figure.key].toLowerCase()})`;
    const basis = figure.key === 'growth' && basisOf(figure) ? ` a ${basisOf(figure)}` : '';
    lines.push(
      `${index + 1}. ${deck.company}: ${formatFigureValue(figure)}${basis}${label}${marker ? ` ${marker}` : ''} (page ${figure.page})`,
    );
  }
  const order = parsed.across?.isAscending ? 'lowest first' : 'highest first';
  const notes = [
    ranked.length > namedAtMost ? `…and ${ranked.length - namedAtMost} more.` : '',
    otherUnit.length > 0
      ? `Stated in another currency or on another basis, so not ranked with these: ${namesOf(otherUnit)}.`
      : '',
    silent.length > 0 ? `No current ${topic.label} stated: ${namesOf(silent)}.` : '',
    pending.trim(),
  ].filter(Boolean);
  return {
    text: `${over.charAt(0).toUpperCase()}${over.slice(1)} by ${topic.label}, ${order}:\n${lines.join('\n')}${notes.length > 0 ? `\n${notes.join(' ')}` : ''}`,
    citations: tools.citations.list(),
  };
}

/** "rank my interests by score": the validation reports' scores, which come from no page and carry no marker. */
function scoreRankAnswer(
  found: { deck: LiveDeckName; report: DeckAnalysis }[],
  parsed: ParsedQuestion,
  over: string,
  pending: string,
): Omit<EngineReply, 'examples'> {
  const direction = parsed.across?.isAscending ? 1 : -1;
  const ranked = [...found].sort(
    (a, b) => direction * (a.report.score - b.report.score) || a.deck.company.localeCompare(b.deck.company),
  );
  const lines = ranked
    .slice(0, namedAtMost)
    .map(({ deck, report }, index) => `${index + 1}. ${deck.company}: ${report.score}/100`);
  const more = ranked.length > namedAtMost ? `\n…and ${ranked.length - namedAtMost} more.` : '';
  const order = parsed.across?.isAscending ? 'lowest first' : 'highest first';
  return {
    text: `${over.charAt(0).toUpperCase()}${over.slice(1)} by validation score, ${order}:\n${lines.join('\n')}${more}${pending ? `\n${pending.trim()}` : ''}`,
    citations: [],
  };
}
