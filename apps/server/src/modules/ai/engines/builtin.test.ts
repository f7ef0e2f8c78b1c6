import { describe, expect, it } from 'vitest';
import {
  aCheck,
  aFigure,
  aReport,
  askWorld,
  citationProblems,
  copilotWorld,
  shownText,
  type WorldDeck,
} from '../../../../test/copilot-world';

/**
 * The built-in engine's answers over decks and reports held in memory (test/copilot-world.ts):
 * the real engine and tools, with reports stated exactly, so a figure's period or a failed
 * `figures_agree` check is the test's own. Each answer's citations must stand on their pages.
 */
const world = copilotWorld();

async function answer(question: string, decks: readonly WorldDeck[] = world, history: string[] = []) {
  const reply = await askWorld(
    decks,
    question,
    history.map((content) => ({ role: 'user' as const, content })),
  );
  expect(citationProblems(decks, reply)).toEqual([]);
  return { reply, text: shownText(reply) };
}

/** The page a marker after `words` in the text cites. */
function pageCited(reply: Awaited<ReturnType<typeof answer>>['reply'], words: string): number | undefined {
  const at = reply.text.indexOf(words);
  const marker = at === -1 ? null : /\[(\d+)\]/.exec(reply.text.slice(at + words.length));
  return marker ? reply.citations[Number(marker[1]) - 1]?.page : undefined;
}

describe('a question it cannot answer', () => {
  it('says the deck does not state the burn, and gives no other figure ("rate" is not "rating")', async () => {
    const { text, reply } = await answer("What is Parcelpilot's burn rate?");
    expect(text).toBe("Parcelpilot's deck does not state its burn.");
    expect(text).not.toContain('85/100');
    expect(reply.citations).toEqual([]);
  });

  it('answers a question its deck says nothing about with what it can do, not a sentence naming the deck', async () => {
    const { text, reply } = await answer("What is Tallyo's favourite colour?");
    expect(text).toMatch(/^I can't answer that from Tallyo's deck: it says nothing I can find about it\. I can /);
    expect(reply.citations).toEqual([]);
  });

  it('says what it can do when a topic names no deck', async () => {
    const { text } = await answer('What is the ARR?');
    expect(text).toMatch(/^I can't answer that yet/);
    expect(text).not.toMatch(/\$\d/);
  });
});

describe('a question with several parts', () => {
  it('answers the ARR and the growth, each cited on its page', async () => {
    const { reply } = await answer("Tallyo's ARR and growth");
    expect(pageCited(reply, 'ARR $1.2M')).toBe(8);
    expect(pageCited(reply, 'growing 200% year over year')).toBe(8);
  });

  it('answers the parts asked after "tell me about", not a summary', async () => {
    const { text } = await answer("Tell me about Tallyo's ARR and growth");
    expect(text).toContain('ARR $1.2M');
    expect(text).toContain('growing 200% year over year');
    expect(text).not.toContain('sentences of its own');
  });

  it('answers the burn and the runway of the deck the conversation is about', async () => {
    const { reply } = await answer('their burn and runway', world, ['summarise Tallyo']);
    expect(pageCited(reply, 'Monthly burn $150K')).toBe(10);
    expect(pageCited(reply, '20 months of runway')).toBe(10);
  });

  it('answers the TAM and whether it is sourced, from the report’s check', async () => {
    const tallyo = await answer("What is Tallyo's TAM, and is it sourced?");
    expect(pageCited(tallyo.reply, 'TAM $18B')).toBe(5);
    // The TAM asked, not the SAM beside it; the source quoted from the market page.
    expect(tallyo.text).not.toContain('SAM $2.1B');
    expect(tallyo.text).toContain('Sourced: yes.');
    expect(pageCited(tallyo.reply, 'TAM $18B in small-business finance software (Gartner, 2025).')).toBe(5);
    const tidewater = await answer("Tidewater Labs' market size, and is it sourced?");
    expect(tidewater.text).toContain('Sourced: no. The market figures on page 4 name no source or date.');
  });

  it('names everyone on a team of three', async () => {
    const { text } = await answer("Who is on Tallyo's team?");
    for (const name of ['Maya Chen', 'Leo Grant', 'Priya Nair']) expect(text).toContain(name);
  });
});

describe('periods', () => {
  it('gives the current figure as the headline and says the past and the plan apart', async () => {
    const { text, reply } = await answer("What is Tallyo's ARR?");
    const [headline, earlier, plan] = text.split('\n');
    expect(headline).toMatch(/^Tallyo's deck states its annual recurring revenue: ARR \$1\.2M \[\d\] \(page 8\)\.$/);
    expect(earlier).toMatch(/^Earlier: \$400K last year \[\d\] \(page 8\)\.$/);
    expect(plan).toMatch(/^The plan: \$4\.5M ARR by 2027 \[\d\] \(page 10\)\.$/);
    expect(pageCited(reply, '$4.5M ARR by 2027')).toBe(10);
  });

  it('says a deck states no current figure when it only projects one, and names the year', async () => {
    const planOnly: WorldDeck = {
      id: 'dck-plan',
      company: 'Planwise',
      pages: ['Planwise\nPlanwise plans shifts.', 'Plan\nWe aim for ARR of $3M in three years, from $1M last year.'],
      report: aReport({
        figures: [
          aFigure('arr', 3e6, 'USD', 'ARR of $3M', 2, { period: 'projected', year: 2029 }),
          aFigure('arr', 1e6, 'USD', '$1M', 2, { period: 'past', year: 2025 }),
        ],
      }),
    };
    const { text } = await answer("What is Planwise's ARR?", [planOnly]);
    expect(text).toBe(
      "Planwise's deck states no current annual recurring revenue.\nEarlier: $1M [1] (page 2, in 2025).\nThe plan: ARR of $3M [2] (page 2, for 2029).",
    );
  });

  it('compares and ranks on current figures only', async () => {
    const { text } = await answer('compare Harbor Lights and Tallyo');
    expect(text).toMatch(/Annual recurring revenue \| \$1\.2M ARR \[\d+\] \| ARR \$1\.2M \[\d+\]/);
    expect(text).not.toContain('$4.5M');
    expect((await answer('rank my interests by ARR')).text).not.toContain('$4.5M');
  });
});

describe('questions across decks', () => {
  it("compares two decks' growth in a sentence, each figure cited, and says when the bases differ", async () => {
    const same = await answer('Which has more ARR, Harbor Lights or Ledgerleaf?');
    expect(pageCited(same.reply, '$1.2M ARR')).toBe(5);
    expect(pageCited(same.reply, '$400K ARR')).toBe(3);
    expect(same.text).toContain("Harbor Lights' ARR ($1.2M) is higher than Ledgerleaf's ($400K).");
    const bases = await answer("Is Ledgerleaf's growth better than Harbor Lights'?");
    expect(pageCited(bases.reply, 'growing 15% a month')).toBe(3);
    expect(pageCited(bases.reply, 'growing 120% year over year')).toBe(5);
    expect(bases.text).toContain('not on the same basis');
    const oneSide = await answer("Is Tidewater's growth better than Tallyo's?");
    expect(oneSide.text).toContain("Tidewater Labs' deck does not state its growth.");
    expect(oneSide.text).toContain("I can't compare their growth: only Tallyo states a current one.");
  });

  it('answers a topic without a figure for each deck named, saying whose each part is', async () => {
    const { text } = await answer("Who is on Harbor Lights' and Tallyo's teams?");
    expect(text).toMatch(
      /^Harbor Lights: Ada Park, CEO, ran operations at the Port of Rotterdam\. \[1\]\n\nTallyo: Maya Chen/,
    );
    expect(text).toContain('Priya Nair');
  });

  it('ranks my interests by ARR, cited, leaving out withdrawn ones and decks I have no interest in', async () => {
    const { text, reply } = await answer('rank my interests by ARR');
    const lines = text.split('\n');
    expect(lines[0]).toBe('Your interests by ARR, highest first:');
    expect(lines[1]).toMatch(/^1\. Harbor Lights: \$1\.2M \[\d\] \(page 5\)$/);
    expect(lines[2]).toMatch(/^2\. Tallyo: \$1\.2M \[\d\] \(page 8\)$/);
    expect(lines[3]).toMatch(/^3\. Ledgerleaf: \$400K \[\d\] \(page 3\)$/);
    expect(text).not.toContain('Parcelpilot');
    expect(reply.citations).toHaveLength(3);
  });

  it('ranks growth within one basis, and names the decks on another apart', async () => {
    const { text } = await answer('Which of my interests has the highest growth?');
    expect(text.split('\n')).toEqual([
      'Your interests by growth, highest first:',
      expect.stringMatching(/^1\. Tallyo: 200% a year \[\d\] \(page 8\)$/),
      expect.stringMatching(/^2\. Harbor Lights: 120% a year \[\d\] \(page 5\)$/),
      'Stated in another currency or on another basis, so not ranked with these: Ledgerleaf.',
    ]);
  });

  it('ranks "them" after a list of interests as the interests', async () => {
    const { text } = await answer('rank them by ARR', world, ['list my interests']);
    expect(text.split('\n')[0]).toBe('Your interests by ARR, highest first:');
  });

  it("ranks within the listing's filters the question names", async () => {
    const { text } = await answer('Which seed decks have the highest ARR?');
    expect(text.split('\n').slice(0, 3)).toEqual([
      'The Seed decks you can see by ARR, highest first:',
      expect.stringMatching(/^1\. Harbor Lights: \$1\.2M/),
      expect.stringMatching(/^2\. Tallyo: \$1\.2M/),
    ]);
    expect(text).not.toContain('Parcelpilot');
  });

  it('ranks by the validation score, which cites no page', async () => {
    const { text, reply } = await answer('rank my interests by score');
    expect(text).toBe(
      'Your interests by validation score, highest first:\n1. Tallyo: 88/100\n2. Harbor Lights: 78/100\n3. Ledgerleaf: 55/100',
    );
    expect(reply.citations).toEqual([]);
  });

  it('lists the decks missing a market-size section', async () => {
    const { text } = await answer('Which decks are missing a market-size slide?');
    expect(text).toBe(
      '3 of 6 of the decks you can see have no market size section: Ledgerleaf, Quiet Harbor and Parcelpilot.',
    );
  });

  it('lists the decks missing each of two sections, one sentence each', async () => {
    const { text } = await answer('Which decks are missing a team or a market slide?');
    expect(text.split('\n')).toEqual([
      '1 of 6 of the decks you can see has no team section: Tidewater Labs.',
      '3 of 6 of the decks you can see have no market size section: Ledgerleaf, Quiet Harbor and Parcelpilot.',
    ]);
  });

  it('lists the decks that contradict themselves with the report’s message', async () => {
    const { text } = await answer('Which decks contradict themselves?');
    expect(text).toContain('- Parcelpilot: Revenue of $310K (page 4) is 2.8 times');
    expect(text).not.toContain('Tallyo:');
  });

  it("says it can't answer yet when no report checks figures against each other", async () => {
    const unchecked = world.map((deck) => ({
      ...deck,
      ...(deck.report
        ? { report: { ...deck.report, checks: deck.report.checks.filter((check) => check.key !== 'figures_agree') } }
        : {}),
    }));
    const { text } = await answer('Which decks contradict themselves?', unchecked);
    expect(text).toMatch(/^I can't answer that yet/);
  });

  it('answers whether one deck contradicts itself', async () => {
    const { text } = await answer("Do Parcelpilot's figures agree?");
    expect(text).toMatch(/^Parcelpilot's deck contradicts itself: Revenue of \$310K/);
    expect(aCheck('figures_agree', false, 'x').passed).toBe(false);
  });
});

describe('quoted deck text', () => {
  it('never carries a citation marker of its own: a footnote "[1]" is not a second citation', async () => {
    const { text, reply } = await answer('summarise Parcelpilot');
    expect(text).toContain('Our audited report (1) confirms the revenue.');
    // Every marker left in the text is the engine's, and names a citation that stands.
    const markers = [...text.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
    expect(markers).toEqual(reply.citations.map((_, index) => index + 1));
    expect(reply.citations.at(-1)?.quote).toBe('Our audited report [1] confirms the revenue.');
  });
});
