import type { AiExample } from '@deckvalid/contract/ai';
import type { InterestStatus } from '@deckvalid/contract/interests';
import type { AiEngine, AiEngineContext, EngineReply } from '../engine';
import type { CopilotTools, LiveDeckName } from '../tools/copilot-tools';
import { normaliseName } from '../tools/deck-matching';
import { acrossAnswer, figureComparisonAnswer } from './across-answers';
import { compareAnswer, notFoundAnswer, questionAnswer, summaryAnswer } from './deck-answers';
import { deckLabel, formatUsd, listOf, possessive, quoted, shortQuote } from './format';
import { type ParsedQuestion, parseQuestion } from './intent';
import { sentencesOfDeck } from './sentences';

const examples = (...labels: string[]): AiExample[] => [...new Set(labels)].map((label) => ({ label }));

const starterExamples = () =>
  examples('Find seed decks in fintech raising under 2M', 'List my interests', 'What changed this week?');

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The built-in engine (docs/copilot.md): offline and deterministic. It reads the question into an
 * intent and slots (engines/intent.ts), answers through the tools, which run as the investor, and
 * words the answer from templates. It never follows text it reads, in a question or in a deck: a
 * deck's words are only ever quoted, so an instruction inside a deck is just more text.
 */
export class BuiltinEngine implements AiEngine {
  readonly name = 'builtin' as const;

  async reply({ question, history, tools, now }: AiEngineContext): Promise<EngineReply> {
    const parsed = parseQuestion(question);
    if (parsed.intent === 'interests') return interestsAnswer(tools, parsed.status);
    if (parsed.intent === 'changes') return changesAnswer(tools, sinceDate(parsed, now));
    if (parsed.intent === 'help') return helpAnswer();

    // Deck ids written out are looked up among the visible decks only: any other is not found.
    const named: LiveDeckName[] = [];
    for (const id of parsed.deckIds) {
      const deck = await tools.deckById(id);
      if (!deck) return notFoundAnswer(id);
      named.push(deck);
    }
    const mentioned = await tools.mentionedDecks(question);
    for (const mention of mentioned) if (!named.some((deck) => deck.id === mention.deck.id)) named.push(mention.deck);
    // "Who is on the team?" after "summarise Harbor Lights": the deck the conversation is about.
    if (named.length === 0 && refersBack(parsed, question)) {
      const earlier = await deckFromHistory(tools, history);
      if (earlier) named.push(earlier);
    }

    const asksFigures = parsed.topics.some((topic) => topic.figures.length > 0);
    switch (parsed.intent) {
      case 'across':
        return acrossAnswer(tools, acrossScopeFromHistory(parsed, question, history), named);
      case 'show_interest':
      case 'withdraw':
        return named[0] ? interestActionAnswer(tools, named[0], parsed) : missingDeckAnswer(parsed);
      case 'compare':
        if (named.length >= 2 && asksFigures) return figureComparisonAnswer(tools, named.slice(0, 4), question, parsed);
        if (named.length >= 2) return compareAnswer(tools, named.slice(0, 4));
        return {
          text: 'Name two to four decks to compare, by company or title (for example “compare Harbor Lights and Tidewater”).',
          citations: [],
          examples: starterExamples(),
        };
      case 'summary':
        return named[0] ? summaryAnswer(tools, named[0]) : missingDeckAnswer(parsed);
      case 'find':
        // "find decks like Harbor Lights" names a deck, but asks for a search.
        return findAnswer(tools, parsed);
      default:
        // "Is Tidewater's growth better than Tallyo's?": both figures and the comparison.
        // Several decks and a topic without a figure ("who is on their teams?"): each deck's part.
        if (named.length >= 2 && parsed.topics.length > 0)
          return figureComparisonAnswer(tools, named.slice(0, 4), question, parsed);
        if (named.length >= 2) return compareAnswer(tools, named.slice(0, 4));
        if (named[0]) return questionAnswer(tools, named[0], question, parsed);
        if (parsed.topics.length > 0 && !hasFilters(parsed)) return cannotAnswer(parsed);
        return findAnswer(tools, parsed);
    }
  }
}

/** Whether the question filters a search ("seed decks raising under 2M"). */
const hasFilters = (parsed: ParsedQuestion) =>
  parsed.sector !== undefined ||
  parsed.stage !== undefined ||
  parsed.minAmount !== undefined ||
  parsed.maxAmount !== undefined;

/**
 * A question on a topic that names no deck and follows none: saying what the copilot can do beats
 * a search whose hits merely contain the topic's word.
 */
function cannotAnswer(parsed: ParsedQuestion): EngineReply {
  const label = parsed.topics.map((topic) => topic.label);
  return {
    text: `I can't answer that yet: name the deck whose ${listOf(label)} you mean. I can also rank decks by a figure (“rank my interests by ARR”) or list those missing a section (“which decks are missing a market-size slide?”).`,
    citations: [],
    examples: examples('Rank my interests by ARR', 'Which decks are missing a market-size slide?', 'List my interests'),
  };
}

/**
 * "Rank them by ARR" after "list my interests" ranks the interests: a question over many decks that
 * points back ("them", "these") is over what the conversation was last about.
 */
function acrossScopeFromHistory(
  parsed: ParsedQuestion,
  question: string,
  history: AiEngineContext['history'],
): ParsedQuestion {
  if (!parsed.across || parsed.across.scope === 'interests') return parsed;
  if (!/\b(them|these|those|they)\b/i.test(question)) return parsed;
  const lastAsked = history.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  if (parseQuestion(lastAsked).intent !== 'interests') return parsed;
  return { ...parsed, across: { ...parsed.across, scope: 'interests' } };
}

/** Words that point back at a deck already named ("its ARR", "summarise this deck"). */
const backReference = /\b(it|its|it's|this|that|they|them|their|theirs|the deck|the company|the startup)\b/i;

/**
 * Whether a question without a deck name is about the deck of the conversation: a question on a
 * topic ("what is the ARR?"), or a summary or action that points back ("summarise it").
 */
function refersBack(parsed: ParsedQuestion, question: string): boolean {
  if (parsed.intent === 'question') return parsed.topic !== undefined;
  const isDeckIntent = ['summary', 'show_interest', 'withdraw'].includes(parsed.intent);
  return isDeckIntent && backReference.test(question);
}

/**
 * The deck the newest of the last six messages names first. The history is the client's and only
 * context: a name in it is looked up among the decks the investor may see, like a name asked.
 */
async function deckFromHistory(tools: CopilotTools, history: AiEngineContext['history']) {
  for (const message of history.slice(-6).reverse()) {
    const [first] = await tools.mentionedDecks(message.content);
    if (first) return first.deck;
  }
  return undefined;
}

/** A summary or action without a deck the investor can see: say so, plainly. */
function missingDeckAnswer(parsed: ParsedQuestion): EngineReply {
  const what = parsed.intent === 'summary' ? 'summarise' : 'act on';
  return {
    text: `I couldn't tell which deck to ${what}: none of the decks you can see is named in your question. Name it by company or title.`,
    citations: [],
    examples: starterExamples(),
  };
}

function helpAnswer(): EngineReply {
  return {
    text:
      'I answer from the decks you can see, and cite the page of everything I quote. Ask me to find decks, ' +
      'summarise one, answer a question about one (ARR, team, market…), compare two to four, list your ' +
      'interests, show or withdraw interest (after you confirm), or tell you what changed.',
    citations: [],
    examples: examples(
      'Find seed decks in fintech raising under 2M',
      'Decks that mention carbon accounting',
      'List my interests',
      'What changed this week?',
    ),
  };
}

/** "fintech seed decks in Berlin raising under 2M", "decks that mention carbon accounting". */
async function findAnswer(tools: CopilotTools, parsed: ParsedQuestion): Promise<EngineReply> {
  const location = await locationOf(tools, parsed);
  // The place is a filter of the listing, not a word the deck must contain.
  const placeWords = new Set(location ? normaliseName(location).split(' ') : []);
  const searchWords = parsed.searchWords.filter((word) => !placeWords.has(word));
  const q = searchWords.join(' ');
  const hits = await tools.searchDecks({
    ...(q ? { q } : {}),
    ...(parsed.sector ? { sector: parsed.sector } : {}),
    ...(parsed.stage ? { stage: parsed.stage } : {}),
    ...(location ? { location } : {}),
    ...(parsed.minAmount !== undefined ? { minAmount: parsed.minAmount } : {}),
    ...(parsed.maxAmount !== undefined ? { maxAmount: parsed.maxAmount } : {}),
  });
  const filters = [
    q ? `“${q}”` : '',
    parsed.sector ?? '',
    parsed.stage ?? '',
    location ? `in ${location}` : '',
    parsed.minAmount !== undefined ? `raising at least ${formatUsd(parsed.minAmount)}` : '',
    parsed.maxAmount !== undefined ? `raising at most ${formatUsd(parsed.maxAmount)}` : '',
  ].filter(Boolean);
  const asked = filters.length > 0 ? ` (${filters.join(', ')})` : '';
  if (hits.length === 0) {
    return {
      text: `No deck you can see matches${asked}. Try fewer words or filters.`,
      citations: [],
      examples: examples('Find seed decks', 'What changed this week?', 'List my interests'),
    };
  }
  const lines: string[] = [];
  for (const [index, hit] of hits.entries()) {
    let line = `${index + 1}. ${deckLabel(hit)}: ${hit.stage}, ${hit.sector}, ${hit.location}, asking ${formatUsd(hit.amountSought)}.`;
    // Where the search words stand in the deck, quoted and cited, so the hit shows why it matched.
    if (q) {
      const read = await tools.readDeck(hit.id);
      const holds = (text: string) => {
        const found = ` ${normaliseName(text)} `;
        return searchWords.some((word) => found.includes(` ${word} `));
      };
      // Only the first page that holds a word is cut into sentences: wink reads one page, not twelve.
      const page = read?.pages.find((candidate) => holds(candidate.text));
      const sentence = page && sentencesOfDeck([page]).find((candidate) => holds(candidate.text));
      const marker = sentence ? tools.citations.cite(hit.id, sentence.page, sentence.text) : '';
      if (sentence && marker) line += ` “${quoted(shortQuote(sentence.text))}” ${marker}`;
    }
    lines.push(line);
  }
  const [first, second] = hits;
  return {
    text: `${hits.length === 1 ? 'One deck' : `${hits.length} decks`} you can see${asked}:\n${lines.join('\n')}`,
    citations: tools.citations.list(),
    examples: examples(
      `Summarise ${first?.company ?? ''}`,
      second ? `Compare ${first?.company} and ${second.company}` : `What is ${possessive(first?.company ?? '')} ARR?`,
      `What is ${possessive(first?.company ?? '')} ARR?`,
      `Show interest in ${first?.company ?? ''}`,
    ),
  };
}

/** A location of the visible decks that the question names ("in Berlin"), the longest if several. */
async function locationOf(tools: CopilotTools, parsed: ParsedQuestion): Promise<string | undefined> {
  const text = ` ${normaliseName(parsed.normalWords.join(' '))} `;
  const places = new Set<string>();
  for (const deck of await tools.visibleDecks()) {
    for (const part of [deck.location, ...deck.location.split(',')]) {
      const place = normaliseName(part);
      if (place.length >= 3) places.add(place);
    }
  }
  const found = [...places].filter((place) => text.includes(` ${place} `));
  found.sort((a, b) => b.length - a.length || a.localeCompare(b));
  const [place] = found;
  if (!place) return undefined;
  // Searched as the listing writes it ("Berlin"), matched case-insensitively.
  return place.replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/** "list my interests", "my accepted interests": the investor's own, through the interests service. */
async function interestsAnswer(tools: CopilotTools, status: InterestStatus | undefined): Promise<EngineReply> {
  const { data, counts } = await tools.interests(status);
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const countWords = (Object.entries(counts) as [InterestStatus, number][])
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${count} ${name}`);
  if (data.length === 0) {
    return {
      text: status ? `You have no ${status} interests.` : 'You have not shown interest in any deck yet.',
      citations: [],
      examples: examples('Find seed decks in fintech', 'What changed this week?', 'List my interests'),
    };
  }
  const lines = data.map(
    (interest) =>
      `- ${deckLabel(interest.pitchDeck)}: ${interest.status}${interest.note ? `, note “${shortQuote(interest.note, 80)}”` : ''}`,
  );
  const heading = status
    ? `Your ${status} interests (${counts[status]}):`
    : `You have ${total} interest${total === 1 ? '' : 's'} (${listOf(countWords)}):`;
  const first = data[0]?.pitchDeck.company ?? '';
  return {
    text: `${heading}\n${lines.join('\n')}`,
    citations: [],
    examples: examples(
      `Summarise ${first}`,
      status === 'accepted' ? 'List my pending interests' : 'List my accepted interests',
      'What changed this week?',
      `Withdraw my interest in ${first}`,
    ),
  };
}

/**
 * "show interest in Harbor Lights with the note …", "withdraw from Tidewater": proposed as an
 * action the investor confirms; nothing changes here. What the interests rules would refuse
 * (already interested, declined, nothing to withdraw) is said instead of proposed.
 */
async function interestActionAnswer(
  tools: CopilotTools,
  deck: LiveDeckName,
  parsed: ParsedQuestion,
): Promise<EngineReply> {
  const card = await tools.deckCard(deck.id);
  if (!card) return notFoundAnswer(deck.company);
  const current = card.myInterest?.status;
  const follow = examples(`Summarise ${deck.company}`, 'List my interests', 'What changed this week?');
  if (parsed.intent === 'show_interest') {
    if (current === 'pending' || current === 'accepted') {
      return {
        text: `You already showed interest in ${deckLabel(deck)}; it is ${current}.`,
        citations: [],
        examples: follow,
      };
    }
    if (current === 'declined') {
      return {
        text: `The founder of ${deckLabel(deck)} declined your interest; it cannot be shown again.`,
        citations: [],
        examples: follow,
      };
    }
    const note = parsed.note;
    return {
      text: `Shall I show interest in ${deckLabel(deck)}${note ? ` with the note “${note}”` : ' (no note)'}? Confirm, or answer yes. Nothing is sent until you do.`,
      citations: [],
      examples: examples('Yes', 'Cancel', `Summarise ${deck.company}`),
      proposal: { kind: 'show_interest', pitchDeckId: deck.id, ...(note ? { note } : {}) },
    };
  }
  if (current !== 'pending' && current !== 'accepted') {
    return {
      text: `You have no open interest in ${deckLabel(deck)} to withdraw.`,
      citations: [],
      examples: follow,
    };
  }
  return {
    text: `Shall I withdraw your ${current} interest in ${deckLabel(deck)}? Confirm, or answer yes. Nothing changes until you do.`,
    citations: [],
    examples: examples('Yes', 'Cancel', 'List my interests'),
    proposal: { kind: 'withdraw_interest', pitchDeckId: deck.id },
  };
}

/** Where "what changed" starts: the date or days the question gives, else a week before the ask. */
function sinceDate(parsed: ParsedQuestion, now: Date): Date {
  const since = parsed.since;
  if (since && 'date' in since) {
    const date = new Date(`${since.date}T00:00:00Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  if (since && 'weekday' in since) {
    const back = (now.getUTCDay() - since.weekday + 7) % 7 || 7;
    const day = new Date(now.getTime() - back * dayMs);
    return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  }
  return new Date(now.getTime() - (since && 'days' in since ? since.days : 7) * dayMs);
}

/**
 * "what changed since Monday": new decks, new versions of decks the investor is interested in,
 * and activity on milestones they follow, as far as each service lets them see.
 */
async function changesAnswer(tools: CopilotTools, since: Date): Promise<EngineReply> {
  const [decks, versions, milestones] = await Promise.all([
    tools.newDecksSince(since, 20),
    tools.newVersionsSince(since),
    tools.milestoneActivitySince(since),
  ]);
  const day = since.toISOString().slice(0, 10);
  const parts: string[] = [];
  if (decks.length > 0) {
    const shown = decks
      .slice(0, 5)
      .map((deck) => `- ${deckLabel(deck)}: ${deck.stage}, ${deck.sector}, ${deck.location}`);
    parts.push(`New decks (${decks.length}${decks.length >= 20 ? '+' : ''}):\n${shown.join('\n')}`);
  }
  if (versions.length > 0) {
    const shown = versions.map(
      ({ interest, versionNumber }) => `- ${deckLabel(interest.pitchDeck)}: version ${versionNumber} is live`,
    );
    parts.push(`New versions of decks you are interested in:\n${shown.join('\n')}`);
  }
  if (milestones.length > 0) {
    const shown = milestones.map(
      ({ milestone, activities }) =>
        `- ${milestone.title} (${milestone.pitchDeck.company}): ${activities.length} change${activities.length === 1 ? '' : 's'}, ${milestone.progress.percent}% done`,
    );
    parts.push(`Milestones you follow:\n${shown.join('\n')}`);
  }
  const first = decks[0]?.company ?? versions[0]?.interest.pitchDeck.company;
  return {
    text:
      parts.length === 0
        ? `Nothing changed since ${day} in what you can see: no new decks, no new versions of decks you are interested in, no milestone activity.`
        : `Since ${day}:\n\n${parts.join('\n\n')}`,
    citations: [],
    examples: examples(
      first ? `Summarise ${first}` : 'Find seed decks in fintech',
      'List my accepted interests',
      'Find seed decks in fintech raising under 2M',
    ),
  };
}
