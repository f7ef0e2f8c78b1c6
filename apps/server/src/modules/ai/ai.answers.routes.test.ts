import type { CreatePitchDeckBody } from '@deckvalid/contract/pitchdecks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '@/lib/sample-pdf';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, type TestContext } from '../../../test/build';
import { ask, botRoomOf, copilotDeckPdf, copilotDecks, expectCitationsStand } from '../../../test/copilot';
import { copilotWorld } from '../../../test/copilot-world';
import { readyDeck } from '../../../test/decks';

/**
 * The built-in copilot's answers through POST /api/v1/ai/chat over decks processed by the real
 * pipeline and analysed by the real analyser: a question with two parts, a figure the deck does
 * not state, a slide's own footnote "[1]", and a question over every deck. The engine's own
 * cases are in engines/builtin.test.ts; here the whole path, the service's citation check
 * included, must give the same.
 */
let ctx: TestContext;
let investor: SignedUp;
let roomId: string;
const deckIds = { harbor: '', parcelpilot: '' };

/** Parcelpilot's slides as the copilot's world writes them: its pages, first line the title. */
function parcelpilotSlides() {
  const deck = copilotWorld().find((candidate) => candidate.id === 'dck-parcelpilot');
  return (deck?.pages ?? []).map((page) => {
    const [heading = '', ...lines] = page.split('\n');
    // One sentence a line: the sample PDF does not wrap, and a long line runs off the page.
    return { heading, body: lines.join(' ').split(/(?<=\.) +/) };
  });
}

beforeAll(async () => {
  ctx = await build();
  let founder: SignedUp;
  [founder, investor] = await Promise.all([signUp(ctx, 'user', 'Tom Becker'), signUp(ctx, 'investor', 'Theo Brandt')]);
  const harbor = copilotDecks.harbor.details as Partial<CreatePitchDeckBody>;
  deckIds.harbor = (await readyDeck(ctx, founder, { pdf: await copilotDeckPdf('harbor'), details: harbor })).id;
  const parcelpilot: Partial<CreatePitchDeckBody> = {
    company: 'Parcelpilot',
    title: 'Parcelpilot pre-seed',
    sector: 'Mobility',
    stage: 'Pre-seed',
    amountSought: 1_200_000,
    location: 'Leeds, United Kingdom',
  };
  deckIds.parcelpilot = (
    await readyDeck(ctx, founder, { pdf: await samplePdf(parcelpilotSlides()), details: parcelpilot })
  ).id;
  roomId = await botRoomOf(ctx, investor);
}, 120_000);

afterAll(() => ctx?.close());

describe('the built-in copilot over the real pipeline', () => {
  it('says a deck does not state its burn, never its score ("rate" is not "rating")', async () => {
    const { reply } = await ask(ctx, investor, roomId, "What is Parcelpilot's burn rate?");
    expect(reply.text).toBe("Parcelpilot's deck does not state its burn.");
    expect(reply.citations).toEqual([]);
  });

  it('answers both parts of a two-part question, each figure cited on its page', async () => {
    const { reply } = await ask(ctx, investor, roomId, "What are Harbor Lights' ARR and growth?");
    expect(reply.text).toContain('$1.2M ARR');
    expect(reply.text).toContain('120% year over year');
    expect(reply.citations.map((citation) => [citation.pitchDeckId, citation.page])).toEqual([
      [deckIds.harbor, 5],
      [deckIds.harbor, 5],
    ]);
    await expectCitationsStand(ctx, reply);
  });

  it('quotes a slide\'s footnote "[1]" as "(1)": no marker in the answer is the deck\'s', async () => {
    const { reply } = await ask(ctx, investor, roomId, 'Find decks that mention an audited report');
    expect(reply.text).toContain('“Our audited report (1) confirms the revenue.” [1]');
    expect(reply.citations).toEqual([
      { pitchDeckId: deckIds.parcelpilot, page: 6, quote: 'Our audited report [1] confirms the revenue.' },
    ]);
    await expectCitationsStand(ctx, reply);
  });

  it('lists the decks missing a market-size section among those the investor may see', async () => {
    const { reply } = await ask(ctx, investor, roomId, 'Which decks are missing a market-size slide?');
    expect(reply.text).toContain('Parcelpilot');
    expect(reply.text).not.toContain('Harbor Lights');
  });
});
