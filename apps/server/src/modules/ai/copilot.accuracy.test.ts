import { figureLabels } from '@deckvalid/contract/analysis';
import { describe, expect, it } from 'vitest';
import { askWorld, copilotWorld, shownText, type WorldDeck } from '../../../test/copilot-world';
import { analyzeDeck } from '../analysis/analyzer/analyze-deck';
import { type Fixture, inputOf, loadFixtures } from '../analysis/analyzer/labelled-set';
import type { EngineReply } from './engine';

/**
 * The copilot's question set: investor questions over labelled decks, each with the facts its
 * answer must hold and must not hold. The decks are the copilot's own world (reports written out,
 * with periods and checks) and decks of the analyser's labelled set, whose reports the real
 * analyser computes and whose figures' values, pages and periods are the labels'. So a miss is
 * what an investor would see: the analyser misreading a figure counts, as does the engine
 * answering half a question. Fails below 0.9 and prints each miss and the accuracy.
 */

type Fact = { says: string; holds: (reply: EngineReply, text: string) => boolean };
type Case = { question: string; history?: string[]; must: Fact[]; mustNot: Fact[] };

const multipliers: Record<string, number> = {
  k: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  mio: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  mrd: 1e9,
  billion: 1e9,
};

/** Every number an answer writes, magnitudes applied: "$1.2M" 1200000, "1,150" 1150, "€3,5 Mio." 3500000. */
function numbersIn(text: string): number[] {
  const found: number[] = [];
  // Page numbers and citation markers are not figures: "(page 20)" must not pass for 20 months of runway.
  const figuresOnly = text.replace(/\bpages? \d+|\[\d+\]/g, ' ');
  for (const match of figuresOnly.matchAll(
    /(\d+(?:[.,]\d+)*)\s*(k|mm|mn|m|mio|million|bn|b|mrd|billion)?(?![a-z])/gi,
  )) {
    const written = match[1] ?? '';
    // "1,150" groups thousands; "3,5" is a decimal comma.
    const plain = /^\d{1,3}(,\d{3})+$/.test(written) ? written.replace(/,/g, '') : written.replace(',', '.');
    const number = Number(plain.replace(/\.(?=.*\.)/g, ''));
    if (Number.isFinite(number)) found.push(number * (multipliers[(match[2] ?? '').toLowerCase()] ?? 1));
  }
  return found;
}

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(1e-9, Math.abs(b) * 0.01);

/** The answer's headline: what it says before any "Earlier:" or "The plan:" line. */
const headlineOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^(Earlier|The plan):/.test(line))
    .join('\n');
const planOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('The plan:'))
    .join('\n');

const says = (words: string): Fact => ({ says: `“${words}”`, holds: (_, text) => text.includes(words) });
const matches = (pattern: RegExp): Fact => ({ says: String(pattern), holds: (_, text) => pattern.test(text) });
const inHeadline = (value: number): Fact => ({
  says: `${value} as a headline figure`,
  holds: (_, text) => numbersIn(headlineOf(text)).some((number) => near(number, value)),
});
const inPlan = (value: number): Fact => ({
  says: `${value} as the plan`,
  holds: (_, text) => numbersIn(planOf(text)).some((number) => near(number, value)),
});
const cites = (pitchDeckId: string, page: number): Fact => ({
  says: `a citation of ${pitchDeckId} page ${page}`,
  holds: (reply) => reply.citations.some((citation) => citation.pitchDeckId === pitchDeckId && citation.page === page),
});
const anyCitation: Fact = { says: 'a citation', holds: (reply) => reply.citations.length > 0 };
const theScore: Fact = matches(/\d+\/100/);

/** Questions over the copilot's own world, with the facts written out by hand. */
const worldCases: Case[] = [
  {
    question: "What is Parcelpilot's burn rate?",
    must: [says('does not state its burn')],
    mustNot: [theScore, anyCitation],
  },
  { question: "What is Parcelpilot's runway?", must: [says('does not state its runway')], mustNot: [theScore] },
  { question: "What is Parcelpilot's rating?", must: [says('85/100')], mustNot: [] },
  {
    question: "Tallyo's ARR and growth",
    must: [inHeadline(1.2e6), inHeadline(200), cites('dck-tallyo', 8)],
    mustNot: [inHeadline(4.5e6)],
  },
  {
    question: 'their burn and runway',
    history: ['summarise Tallyo'],
    must: [inHeadline(150e3), inHeadline(20), cites('dck-tallyo', 10)],
    mustNot: [theScore],
  },
  {
    question: "What is Tallyo's TAM, and is it sourced?",
    must: [inHeadline(18e9), says('Sourced: yes'), says('Gartner, 2025'), cites('dck-tallyo', 5)],
    mustNot: [says('SAM $2.1B [')],
  },
  {
    question: "Is Tidewater Labs' market sourced?",
    must: [says('Sourced: no'), says('page 4')],
    mustNot: [says('Sourced: yes')],
  },
  {
    question: "Who is on Tallyo's team?",
    must: [says('Maya Chen'), says('Leo Grant'), says('Priya Nair'), cites('dck-tallyo', 9)],
    mustNot: [theScore],
  },
  {
    question: "What is Tallyo's ARR?",
    must: [inHeadline(1.2e6), inPlan(4.5e6), says('Earlier: $400K last year')],
    mustNot: [inHeadline(4.5e6), inHeadline(400e3)],
  },
  { question: "Tallyo's gross margin and NRR", must: [inHeadline(81), inHeadline(118)], mustNot: [] },
  {
    question: 'How much has Parcelpilot raised so far, and how much is it raising?',
    must: [inHeadline(250e3), inHeadline(1.2e6), cites('dck-parcelpilot', 6)],
    mustNot: [],
  },
  {
    question: 'How many customers does Parcelpilot have?',
    must: [inHeadline(320), inPlan(1000)],
    mustNot: [inHeadline(1000)],
  },
  { question: "What is Tallyo's use of funds?", must: [says('50% engineering'), says('30% sales')], mustNot: [] },
  { question: 'What does Tallyo charge?', must: [says('$149 a month'), says('$49 a client')], mustNot: [] },
  {
    question: "Is Tidewater's growth better than Tallyo's?",
    must: [says("Tidewater Labs' deck does not state its growth"), inHeadline(200), says("can't compare")],
    mustNot: [],
  },
  {
    question: 'Which has more ARR, Harbor Lights or Ledgerleaf?',
    must: [cites('dck-harbor', 5), cites('dck-ledgerleaf', 3), says("Harbor Lights' ARR ($1.2M) is higher")],
    mustNot: [],
  },
  {
    question: "Is Ledgerleaf's growth better than Harbor Lights'?",
    must: [inHeadline(15), inHeadline(120), says('not on the same basis')],
    mustNot: [],
  },
  {
    question: 'rank my interests by ARR',
    must: [matches(/1\. (Harbor Lights|Tallyo)/), matches(/3\. Ledgerleaf/)],
    mustNot: [says('Parcelpilot'), says('Freightline'), inHeadline(4.5e6)],
  },
  {
    question: 'Which decks are missing a market-size slide?',
    must: [says('Ledgerleaf'), says('Quiet Harbor'), says('Parcelpilot')],
    mustNot: [says('Tallyo'), says('Harbor Lights')],
  },
  {
    question: 'Which decks contradict themselves?',
    must: [says('Parcelpilot: Revenue of $310K')],
    mustNot: [says('Tallyo:'), says('Harbor Lights:')],
  },
  { question: "Do Parcelpilot's figures agree?", must: [says('contradicts itself')], mustNot: [] },
  { question: "Do Tallyo's figures add up?", must: [says('agree')], mustNot: [says('contradicts')] },
  {
    question: 'summarise Parcelpilot',
    must: [says('audited report (1)')],
    mustNot: [says('report [1]')],
  },
  {
    question: "What is Tallyo's favourite colour?",
    must: [says("I can't answer that from Tallyo's deck")],
    mustNot: [anyCitation],
  },
  {
    question: "Can I ask what Harbor Lights' ARR is?",
    must: [inHeadline(1.2e6)],
    mustNot: [says('listing asks for')],
  },
  {
    question: "What is the source of Parcelpilot's revenue?",
    must: [inHeadline(310e3)],
    mustNot: [says('Sourced:'), inHeadline(120e3)],
  },
  {
    question: "Is Freightline's ARR higher than Invoicely's?",
    must: [
      cites('dck-freightline', 10),
      cites('dck-invoicely', 9),
      says("Freightline's ARR ($1.8M) is higher than Invoicely's ($1.2M)."),
    ],
    mustNot: [inHeadline(5e6), inHeadline(14e6)],
  },
  {
    question: 'Which deck has the longest runway?',
    must: [matches(/^The decks you can see by runway, highest first:\n1\. Freightline: 24 months/)],
    mustNot: [],
  },
  {
    question: 'Which decks have the lowest burn?',
    must: [matches(/lowest first:\n1\. Invoicely: \$120K/)],
    mustNot: [],
  },
  { question: 'What is the ARR?', must: [says("I can't answer that yet")], mustNot: [anyCitation] },
  {
    question: "What is Harbor Lights' ARR?",
    must: [inHeadline(1.2e6), cites('dck-harbor', 5)],
    mustNot: [theScore],
  },
  { question: "What is Tidewater Labs' ARR?", must: [says('does not state its ARR')], mustNot: [anyCitation] },
  { question: 'How much is Harbor Lights raising?', must: [inHeadline(2e6)], mustNot: [] },
  { question: "What is missing from Ledgerleaf's deck?", must: [says('Market size')], mustNot: [] },
  {
    question: "Tell me about Tallyo's ARR and growth",
    must: [inHeadline(1.2e6), inHeadline(200)],
    mustNot: [says('sentences of its own')],
  },
  {
    question: "What are Tallyo's ARR, burn and runway?",
    must: [inHeadline(1.2e6), inHeadline(150e3), inHeadline(20)],
    mustNot: [],
  },
  { question: 'and their growth?', history: ['What is Ledgerleaf’s ARR?'], must: [inHeadline(15)], mustNot: [] },
  {
    question: 'Which of my interests has the highest growth?',
    must: [matches(/1\. Tallyo: 200%/)],
    mustNot: [says('Parcelpilot')],
  },
  {
    question: "Which decks don't state a burn?",
    must: [says('Harbor Lights'), says('Parcelpilot')],
    mustNot: [matches(/[:,] Tallyo\b/)],
  },
  {
    question: 'rank my interests by score',
    must: [matches(/1\. Tallyo: 88\/100/), matches(/2\. Harbor Lights: 78\/100/)],
    mustNot: [says('Parcelpilot')],
  },
];

/** Decks of the labelled set with the company names their covers give, asked by name. */
const labelledCompanies: Record<string, string> = {
  invoicely: 'Invoicely',
  freightline: 'Freightline',
  peoplegrid: 'PeopleGrid',
  sentrywall: 'SentryWall',
  orbitra: 'Orbitra',
  'nimbus-legal': 'Nimbus Legal',
  kitchenos: 'KitchenOS',
  quantleaf: 'Quantleaf',
  'ledgerly-health': 'Ledgerly Health',
  packright: 'PackRight',
  shelfsense: 'ShelfSense',
  mealmetrics: 'MealMetrics',
};

type Label = Fixture['labels']['figures'][number];
/** A label's period, read so that a set labelled before periods existed counts as current. */
const periodOf = (label: Label) => ('period' in label && typeof label.period === 'string' ? label.period : 'current');

/** How an investor asks for each figure. */
const asked: Record<string, (company: string) => string> = {
  arr: (company) => `What is ${company}'s ARR?`,
  burn: (company) => `What is ${company}'s burn rate?`,
  runway: (company) => `How long is ${company}'s runway?`,
  customers: (company) => `How many paying customers does ${company} have?`,
  gross_margin: (company) => `What is ${company}'s gross margin?`,
  growth: (company) => `How fast is ${company} growing?`,
  raise: (company) => `How much is ${company} raising?`,
};

/** Questions on each labelled deck's figures, their answers' facts from the labels. */
function labelledCases(fixture: Fixture, id: string, company: string): Case[] {
  const labels = fixture.labels.figures;
  const ofKey = (key: string) => labels.filter((label) => label.key === key);
  const current = (key: string) => ofKey(key).filter((label) => periodOf(label) === 'current');
  const cases: Case[] = [];
  const figureCase = (key: string, question: string): Case => ({
    question,
    must: [
      ...current(key).flatMap((label) => [inHeadline(label.value), cites(id, label.page)]),
      ...ofKey(key)
        .filter((label) => periodOf(label) === 'projected')
        .map((label) => inPlan(label.value)),
    ],
    mustNot: [
      theScore,
      ...ofKey(key)
        .filter((label) => periodOf(label) !== 'current')
        .filter((label) => !current(key).some((now) => near(now.value, label.value)))
        .map((label) => inHeadline(label.value)),
    ],
  });
  const keys = Object.keys(asked).filter((key) => current(key).length > 0);
  for (const key of keys.slice(0, 3)) cases.push(figureCase(key, asked[key]?.(company) ?? ''));
  if (current('burn').length > 0 && current('runway').length > 0) {
    const both = figureCase('burn', `${company}'s burn and runway`);
    cases.push({ ...both, must: [...both.must, ...current('runway').map((label) => inHeadline(label.value))] });
  } else if (current('arr').length > 0 && current('growth').length > 0) {
    const both = figureCase('arr', `${company}'s ARR and growth`);
    cases.push({ ...both, must: [...both.must, ...current('growth').map((label) => inHeadline(label.value))] });
  }
  // A figure the deck does not state: said so, and no other figure in its place.
  const absent = ['burn', 'runway', 'gross_margin', 'arr'].find((key) => ofKey(key).length === 0);
  if (absent) {
    cases.push({
      question: asked[absent]?.(company) ?? '',
      must: [matches(/does not state|gives no/)],
      mustNot: [theScore, { says: 'any number', holds: (_, text) => /\d/.test(text.replace(company, '')) }],
    });
  }
  return cases;
}

function labelledWorld(): { decks: WorldDeck[]; cases: Case[] } {
  const decks: WorldDeck[] = [];
  const cases: Case[] = [];
  for (const fixture of loadFixtures()) {
    const company = labelledCompanies[fixture.name];
    if (!company) continue;
    const id = `dck-${fixture.name}`;
    const report = { ...analyzeDeck(inputOf(fixture)), version: 1, computedAt: '2026-11-20T10:00:00.000Z' };
    decks.push({ id, company, pages: fixture.pages.map((page) => page.text), report });
    cases.push(...labelledCases(fixture, id, company));
  }
  return { decks, cases };
}

describe('the copilot question set', () => {
  it('answers at least 0.9 of the questions with every fact they must hold and none they must not', async () => {
    const labelled = labelledWorld();
    const decks = [...copilotWorld(), ...labelled.decks];
    const cases = [...worldCases, ...labelled.cases];
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const misses: string[] = [];
    for (const { question, history = [], must, mustNot } of cases) {
      const reply = await askWorld(
        decks,
        question,
        history.map((content) => ({ role: 'user' as const, content })),
      );
      const text = shownText(reply);
      // COPILOT_SET_VERBOSE=1 prints every answer, to read the passes as well as the misses.
      if (process.env.COPILOT_SET_VERBOSE) console.log(`? ${question}\n${text}\n`);
      const missing = must.filter((fact) => !fact.holds(reply, text)).map((fact) => `lacks ${fact.says}`);
      const wrong = mustNot.filter((fact) => fact.holds(reply, text)).map((fact) => `holds ${fact.says}`);
      if (missing.length + wrong.length > 0) {
        misses.push(
          `✗ ${question}\n    ${[...missing, ...wrong].join('; ')}\n    answer: ${text.replace(/\n/g, ' ⏎ ')}`,
        );
      }
    }
    const accuracy = (cases.length - misses.length) / cases.length;
    console.log(
      `Copilot question set: ${cases.length - misses.length}/${cases.length} = ${accuracy.toFixed(3)}\n${misses.join('\n')}`,
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('labels every figure key it asks about with a label the report knows', () => {
    for (const key of Object.keys(asked)) expect(Object.keys(figureLabels)).toContain(key);
  });
});
