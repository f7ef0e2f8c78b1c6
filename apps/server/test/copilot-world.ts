import type { Sector, Stage } from '@deckvalid/contract/accounts';
import {
  type AnalysisCheck,
  type AnalysisSectionKey,
  analysisCheckKeys,
  analysisSectionKeys,
  analysisSectionLabels,
  type DeckAnalysis,
  type DeckFigure,
} from '@deckvalid/contract/analysis';
import type { InterestStatus, InvestorInterestPage } from '@deckvalid/contract/interests';
import { pageMeta } from '@deckvalid/contract/pagination';
import type { InvestorPitchDeck } from '@deckvalid/contract/pitchdecks';
import { AppError } from '@/lib/errors';
import type { EngineReply } from '@/modules/ai/engine';
import { BuiltinEngine } from '@/modules/ai/engines/builtin';
import { type CopilotServices, CopilotTools } from '@/modules/ai/tools/copilot-tools';
import type { DeckPage, DeckVersion, PitchDeck } from '@/modules/pitchdecks/pitchdecks.repository';
import { copilotDecks } from './copilot';
import { principal } from './principals';

/**
 * A copilot world in memory: decks with pages and validation reports written out, and the
 * investor's interests, behind services with the signatures the copilot's tools call. The engine
 * and the tools are the real ones; what is in memory is only what the database and the analyser
 * would have given them, so a test can state a report exactly (periods, a failed `figures_agree`)
 * and ask hundreds of questions in a second.
 */

export type WorldDeck = {
  id: string;
  company: string;
  title?: string;
  sector?: Sector;
  stage?: Stage;
  amountSought?: number;
  location?: string;
  /** Each page's text, the first line its title, as the PDF parser leaves it. */
  pages: string[];
  /** The validation report; undefined while the deck has none. */
  report?: DeckAnalysis;
  /** The asking investor's interest in it. */
  interest?: InterestStatus;
};

/** A figure as the report states it; its words must stand on its page. */
export function aFigure(
  key: DeckFigure['key'],
  value: number,
  unit: DeckFigure['unit'],
  text: string,
  page: number,
  extra: Partial<DeckFigure> = {},
): DeckFigure {
  return { key, value, unit, text, page, period: 'current', ...extra };
}

/** A check of the report, passed unless said otherwise. */
export function aCheck(key: AnalysisCheck['key'], passed: boolean | null, message: string): AnalysisCheck {
  return { key, passed, value: null, target: 'as the analyser sets it', message };
}

/**
 * A report with the given sections found on the given pages, figures and checks; every other
 * section missing and every other check passed.
 */
export function aReport({
  sections = {},
  figures = [],
  checks = [],
  score = 70,
}: {
  sections?: Partial<Record<AnalysisSectionKey, number[]>>;
  figures?: DeckFigure[];
  checks?: AnalysisCheck[];
  score?: number;
}): DeckAnalysis {
  // The parts add up to the score, in the proportions of their maxima.
  const head = [Math.round(score * 0.4), Math.round(score * 0.2), Math.round(score * 0.2)] as const;
  const parts = [...head, score - head[0] - head[1] - head[2]] as const;
  return {
    score,
    breakdown: [
      { key: 'sections', label: 'Sections', points: parts[0], max: 40, explanation: 'Sections told.', nextStep: null },
      { key: 'figures', label: 'Figures', points: parts[1], max: 20, explanation: 'Figures stated.', nextStep: null },
      { key: 'structure', label: 'Structure', points: parts[2], max: 20, explanation: 'Checks met.', nextStep: null },
      { key: 'readability', label: 'Readability', points: parts[3], max: 20, explanation: 'Type.', nextStep: null },
    ],
    sections: analysisSectionKeys.map((key) => ({
      key,
      label: analysisSectionLabels[key],
      found: (sections[key] ?? []).length > 0,
      pages: sections[key] ?? [],
    })),
    figures,
    checks: analysisCheckKeys.map(
      (key) => checks.find((check) => check.key === key) ?? aCheck(key, true, `The ${key} check passes.`),
    ),
    recommendations: [],
    hasText: true,
    version: 1,
    analyzerVersion: 1,
    computedAt: '2026-11-20T10:00:00.000Z',
  };
}

const created = new Date('2026-11-01T09:00:00.000Z');

function rowOf(deck: WorldDeck): PitchDeck {
  return {
    id: deck.id,
    founderId: `usr-founder-${deck.id}`,
    company: deck.company,
    title: deck.title ?? deck.company,
    pitch: `${deck.company}.`,
    sector: deck.sector ?? 'SaaS',
    stage: deck.stage ?? 'Seed',
    amountSought: deck.amountSought ?? 1_000_000,
    location: deck.location ?? 'Berlin, Germany',
    website: null,
    liveVersionId: `ver-${deck.id}`,
    status: 'ready',
    createdAt: created,
    updatedAt: created,
    readyAt: created,
  };
}

function versionOf(deck: WorldDeck): DeckVersion {
  return {
    id: `ver-${deck.id}`,
    pitchDeckId: deck.id,
    number: 1,
    fileKey: `decks/${deck.id}.pdf`,
    fileSize: 1000,
    status: 'ready',
    failureReason: null,
    pageCount: deck.pages.length,
    minFontSize: 24,
    maxFontSize: 40,
    thumbnailKey: null,
    processingClaimedBy: null,
    processingClaimedAt: null,
    processingHeartbeatAt: null,
    processingMs: 10,
    createdAt: created,
    readyAt: created,
  };
}

function cardOf(deck: WorldDeck): InvestorPitchDeck {
  const row = rowOf(deck);
  return {
    id: row.id,
    company: row.company,
    title: row.title,
    pitch: row.pitch,
    sector: deck.sector ?? 'SaaS',
    stage: deck.stage ?? 'Seed',
    amountSought: row.amountSought,
    location: row.location,
    website: null,
    status: 'ready',
    pageCount: deck.pages.length,
    fileSize: 1000,
    createdAt: created.toISOString(),
    readyAt: created.toISOString(),
    version: 1,
    founder: { id: row.founderId, name: 'A founder' },
    myInterest: deck.interest
      ? { id: `int-${deck.id}`, status: deck.interest, note: null, updatedAt: created.toISOString() }
      : null,
    fileUrl: `/files/${deck.id}.pdf`,
    thumbnailUrl: null,
    excerpt: null,
    thesisFit: null,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Deck not found.');

/** The services the copilot's tools call, over the world's decks. */
export function worldServices(decks: readonly WorldDeck[]): CopilotServices {
  const byId = new Map(decks.map((deck) => [deck.id, deck]));
  const find = (id: string) => {
    const deck = byId.get(id);
    if (!deck) throw notFound();
    return deck;
  };
  return {
    decks: {
      listVisibleNames: async () =>
        decks.map((deck) => {
          const { id, company, title, sector, stage, location, amountSought, readyAt } = rowOf(deck);
          return { id, company, title, sector, stage, location, amountSought, readyAt };
        }),
      readLivePages: async (_principal, id) => {
        const deck = find(id);
        const pages: DeckPage[] = deck.pages.map((text, index) => ({
          number: index + 1,
          text,
          title: text.split('\n')[0] ?? null,
          minFontSize: 24,
          bodyFontSize: 28,
        }));
        return { deck: rowOf(deck), version: versionOf(deck), pages };
      },
      findLiveVersion: async (_principal, id) => {
        const deck = find(id);
        return { deck: rowOf(deck), version: versionOf(deck) };
      },
      getForInvestor: async (_principal, id) => cardOf(find(id)),
      search: async (_principal, query) => {
        const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const hits = decks.filter(
          (deck) =>
            (!query.sector || deck.sector === query.sector) &&
            (!query.stage || deck.stage === query.stage) &&
            words.every((word) => deck.pages.join(' ').toLowerCase().includes(word)),
        );
        return { data: hits.slice(0, query.limit).map(cardOf), meta: pageMeta(query, hits.length) };
      },
    },
    analysis: {
      forInvestor: async (_principal, id) => {
        const report = find(id).report;
        if (!report) throw new AppError('CONFLICT', 'The report is not ready yet.');
        return report;
      },
    },
    interests: {
      listMineAsInvestor: async (_principal, query): Promise<InvestorInterestPage> => {
        const mine = decks.filter((deck) => deck.interest && (!query.status || deck.interest === query.status));
        const counts = { pending: 0, accepted: 0, declined: 0, withdrawn: 0 };
        for (const deck of decks) if (deck.interest) counts[deck.interest]++;
        return {
          data: mine.map((deck) => ({
            id: `int-${deck.id}`,
            pitchDeckId: deck.id,
            status: deck.interest ?? 'pending',
            note: null,
            createdAt: created.toISOString(),
            updatedAt: created.toISOString(),
            pitchDeck: { id: deck.id, title: deck.title ?? deck.company, company: deck.company },
          })),
          meta: pageMeta(query, mine.length),
          counts,
        };
      },
    },
    milestones: {
      list: async (_principal, query) => ({ data: [], meta: pageMeta(query, 0) }),
      activities: async (_principal, _id, query) => ({ data: [], meta: pageMeta(query, 0) }),
    },
  };
}

const investor = principal('acc-investor', 'investor');

/** Asks the built-in engine one question over the world, as one investor, with fresh tools. */
export async function askWorld(
  decks: readonly WorldDeck[],
  question: string,
  history: { role: 'user' | 'assistant'; content: string }[] = [],
): Promise<EngineReply> {
  const tools = new CopilotTools(investor, worldServices(decks));
  return new BuiltinEngine().reply({ question, history, tools, now: new Date('2026-11-28T09:00:00.000Z') });
}

/** The text a reply shows with its table, for assertions on what an investor reads. */
export const shownText = (reply: EngineReply) =>
  [reply.text, ...(reply.table?.rows.map((row) => row.join(' | ')) ?? [])].join('\n');

/**
 * Every marker in the reply points at a citation whose quote stands on that page of that deck,
 * and every citation is marked: what the service's own check would keep.
 */
export function citationProblems(decks: readonly WorldDeck[], reply: EngineReply): string[] {
  const problems: string[] = [];
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  for (const [index, citation] of reply.citations.entries()) {
    const page = decks.find((deck) => deck.id === citation.pitchDeckId)?.pages[citation.page - 1];
    if (!page || !squash(page).includes(squash(citation.quote))) problems.push(`[${index + 1}] does not stand`);
  }
  const markers = [...shownText(reply).matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
  for (const marker of markers) if (marker > reply.citations.length) problems.push(`[${marker}] names no citation`);
  for (let index = 1; index <= reply.citations.length; index++) {
    if (!markers.includes(index)) problems.push(`[${index}] is never marked`);
  }
  return problems;
}

const pagesOf = (slides: readonly { heading: string; body: readonly string[] }[]) =>
  slides.map((slide) => [slide.heading, ...slide.body].join('\n'));

/**
 * The copilot's decks (test/copilot.ts) with the reports the analyser gives them written out, and
 * two decks of the kind investors try the copilot on: Tallyo, whose figures carry history and a
 * plan, and Parcelpilot, which states no burn, contradicts itself and quotes a footnote "[1]".
 */
export function copilotWorld(): WorldDeck[] {
  return [
    {
      id: 'dck-harbor',
      ...copilotDecks.harbor.details,
      pages: pagesOf(copilotDecks.harbor.slides),
      interest: 'accepted',
      report: aReport({
        score: 78,
        sections: { purpose: [1], problem: [2], solution: [3], market: [4], traction: [5], team: [6], ask: [7] },
        figures: [
          aFigure('market_size', 40e9, 'USD', 'TAM $40B', 4, { scope: 'TAM' }),
          aFigure('arr', 1.2e6, 'USD', '$1.2M ARR', 5),
          aFigure('growth', 120, 'percent', 'growing 120% year over year', 5),
          aFigure('raise', 2e6, 'USD', 'raising $2M', 7),
        ],
        checks: [aCheck('sourced_market_figures', true, 'Every market figure has a source or a date beside it.')],
      }),
    },
    {
      id: 'dck-tidewater',
      ...copilotDecks.tidewater.details,
      pages: pagesOf(copilotDecks.tidewater.slides),
      report: aReport({
        score: 64,
        sections: { purpose: [1], problem: [2], solution: [3], market: [4], traction: [5], ask: [6] },
        figures: [
          aFigure('market_size', 3e9, 'USD', 'SAM $3B', 4, { scope: 'SAM' }),
          aFigure('raise', 1.5e6, 'USD', 'raising $1.5M', 6),
        ],
        checks: [
          aCheck('sourced_market_figures', false, 'The market figures on page 4 name no source or date.'),
          aCheck('figures_agree', null, 'The deck states too few related figures to check against each other.'),
        ],
      }),
    },
    {
      id: 'dck-ledgerleaf',
      ...copilotDecks.ledgerleaf.details,
      pages: pagesOf(copilotDecks.ledgerleaf.slides),
      interest: 'pending',
      report: aReport({
        score: 55,
        sections: { purpose: [1], problem: [2], traction: [3], team: [4] },
        figures: [
          aFigure('arr', 400e3, 'USD', '$400K ARR', 3),
          aFigure('customers', 900, 'count', '900 paying businesses', 3),
          aFigure('growth', 15, 'percent', 'growing 15% a month', 3),
        ],
        checks: [aCheck('sourced_market_figures', null, 'The deck states no market size.')],
      }),
    },
    {
      id: 'dck-quiet',
      ...copilotDecks.injected.details,
      pages: pagesOf(copilotDecks.injected.slides),
      report: aReport({ score: 40, sections: { purpose: [1], team: [3] } }),
    },
    {
      id: 'dck-tallyo',
      company: 'Tallyo',
      title: 'Tallyo seed',
      sector: 'Fintech',
      stage: 'Seed',
      amountSought: 1_800_000,
      location: 'London, United Kingdom',
      interest: 'pending',
      pages: [
        'Tallyo\nTallyo is cash-flow forecasting for small businesses.',
        'Problem\nSmall businesses run out of cash without seeing it coming.',
        'Solution\nTallyo connects to the bank and forecasts cash thirteen weeks ahead with 94% accuracy.',
        'Why now\nOpen banking now reaches almost every UK business account.',
        'Market\nTAM $18B in small-business finance software (Gartner, 2025). SAM $2.1B across the UK and Ireland.',
        'Product\nThe accountant portal can show 200 clients on one screen.',
        'Business model\nBusinesses pay $149 a month; accounting firms pay $49 a client.',
        'Traction\nARR $1.2M, up from $400K last year, growing 200% year over year. 1,150 paying businesses and 35 accounting firms. Gross margin 81%. Net revenue retention 118%.',
        'Team\nMaya Chen, CEO, ran treasury at Monzo.\nLeo Grant, CTO.\nPriya Nair, COO, scaled sales at Pleo.',
        'Financials\nMonthly burn $150K with 20 months of runway. We plan $4.5M ARR by 2027.',
        'The ask\nRaising a $1.8M seed: 50% engineering, 30% sales, 20% operations. Contact maya@tallyo.io',
      ],
      report: aReport({
        score: 88,
        sections: {
          purpose: [1],
          problem: [2],
          solution: [3],
          why_now: [4],
          market: [5],
          product: [6],
          business_model: [7],
          traction: [8],
          team: [9],
          financials: [10],
          ask: [11],
        },
        figures: [
          aFigure('market_size', 18e9, 'USD', 'TAM $18B', 5, { scope: 'TAM' }),
          aFigure('market_size', 2.1e9, 'USD', 'SAM $2.1B', 5, { scope: 'SAM' }),
          aFigure('price', 149, 'USD', '$149 a month', 7, { per: 'month' }),
          aFigure('price', 49, 'USD', '$49 a client', 7, { per: 'client' }),
          aFigure('arr', 1.2e6, 'USD', 'ARR $1.2M', 8),
          aFigure('arr', 400e3, 'USD', '$400K last year', 8, { period: 'past' }),
          aFigure('growth', 200, 'percent', 'growing 200% year over year', 8),
          aFigure('customers', 1150, 'count', '1,150 paying businesses', 8),
          aFigure('gross_margin', 81, 'percent', 'Gross margin 81%', 8),
          aFigure('net_revenue_retention', 118, 'percent', 'Net revenue retention 118%', 8),
          aFigure('burn', 150e3, 'USD', 'Monthly burn $150K', 10),
          aFigure('runway', 20, 'months', '20 months of runway', 10),
          aFigure('arr', 4.5e6, 'USD', '$4.5M ARR by 2027', 10, { period: 'projected', year: 2027 }),
          aFigure('raise', 1.8e6, 'USD', '$1.8M seed', 11),
          aFigure('use_of_funds', 50, 'percent', '50% engineering', 11, { purpose: 'engineering' }),
          aFigure('use_of_funds', 30, 'percent', '30% sales', 11, { purpose: 'sales' }),
          aFigure('use_of_funds', 20, 'percent', '20% operations', 11, { purpose: 'operations' }),
        ],
        checks: [
          aCheck('sourced_market_figures', true, 'Every market figure has a source or a date beside it.'),
          aCheck('figures_agree', true, 'The figures the deck states agree with each other.'),
        ],
      }),
    },
    {
      id: 'dck-parcelpilot',
      company: 'Parcelpilot',
      title: 'Parcelpilot pre-seed',
      sector: 'Mobility',
      stage: 'Pre-seed',
      amountSought: 1_200_000,
      location: 'Leeds, United Kingdom',
      interest: 'withdrawn',
      pages: [
        'Parcelpilot\nParcelpilot is last-mile delivery software for independent couriers.',
        'Problem\nIndependent couriers plan their routes by hand and lose two hours a day.',
        'Solution\nParcelpilot plans every route in seconds and texts each customer a delivery window.',
        'Traction\n320 couriers pay $29 a month. Revenue of $310K in the last twelve months, up from $120K the year before.',
        'Team\nTom Becker, CEO, ran dispatch at a national parcel carrier for eight years.',
        'The ask\nWe have raised $250K from angels and are raising $1.2M to reach 1,000 couriers. Our audited report [1] confirms the revenue.',
      ],
      report: aReport({
        score: 85,
        sections: { purpose: [1], problem: [2], solution: [3], traction: [4], team: [5], ask: [6] },
        figures: [
          aFigure('customers', 320, 'count', '320 couriers pay', 4),
          aFigure('price', 29, 'USD', '$29 a month', 4, { per: 'month' }),
          aFigure('revenue', 310e3, 'USD', 'Revenue of $310K', 4),
          aFigure('revenue', 120e3, 'USD', '$120K the year before', 4, { period: 'past' }),
          aFigure('raised_to_date', 250e3, 'USD', 'raised $250K', 6),
          aFigure('raise', 1.2e6, 'USD', 'raising $1.2M', 6),
          aFigure('customers', 1000, 'count', '1,000 couriers', 6, { period: 'projected' }),
        ],
        checks: [
          aCheck('sourced_market_figures', null, 'The deck states no market size.'),
          aCheck(
            'figures_agree',
            false,
            'Revenue of $310K (page 4) is 2.8 times what 320 customers at $29 a month (page 4) pay in a year ($111K).',
          ),
        ],
      }),
    },
  ];
}
