import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import { findUnstorableText } from '@deckvalid/contract/text';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { readyDeck } from '../../../test/decks';
import { hostileText } from '../../../test/hostile-text';

let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;
let deckId: string;

beforeAll(async () => {
  ctx = await build();
  [founder, investor] = await Promise.all([signUp(ctx, 'user'), signUp(ctx, 'investor')]);
  deckId = (await readyDeck(ctx, founder)).id;
});

afterAll(async () => {
  await ctx.close();
});

/** JSON of any shape, and objects with the real field names holding wrong values. */
const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      key: fc.oneof(fc.string(), fc.constant('decks/usr-0000000000000000/upl-0000000000000000.pdf'), fc.jsonValue()),
      company: fc.oneof(fc.jsonValue(), hostileText()),
      amountSought: fc.oneof(fc.double(), fc.integer(), fc.jsonValue()),
      sector: fc.oneof(fc.constantFrom('Climate', 'Fintech', 'nope'), fc.jsonValue()),
      status: fc.oneof(fc.constantFrom('pending', 'accepted', 'declined', 'withdrawn'), fc.jsonValue()),
      // Any code point, NUL and lone surrogates included: PostgreSQL text cannot hold them as sent.
      note: fc.oneof(fc.string({ maxLength: 1_200 }), hostileText(50), fc.jsonValue()),
      sessionId: fc.oneof(fc.uuid(), fc.string()),
      version: fc.oneof(fc.integer(), fc.double(), fc.jsonValue()),
      title: fc.oneof(fc.string({ maxLength: 200 }), hostileText(30), fc.jsonValue()),
      website: fc.oneof(
        fc.webUrl(),
        fc.string(),
        fc.jsonValue(),
        hostileText(10).map((text) => `https://a.example/${text}`),
      ),
      pages: fc.oneof(fc.array(fc.record({ page: fc.integer(), seconds: fc.double() })), fc.jsonValue()),
    },
    { requiredKeys: [] },
  ),
);

/** Query strings with random values for every parameter the list calls read. */
const query = fc
  .record(
    {
      q: fc.oneof(fc.string({ maxLength: 300 }), hostileText(30)),
      sector: fc.string(),
      stage: fc.string(),
      sort: fc.string(),
      page: fc.oneof(fc.integer(), fc.string()),
      limit: fc.oneof(fc.integer(), fc.string()),
      fileType: fc.string(),
      fileSize: fc.oneof(fc.integer(), fc.string()),
      key: fc.oneof(fc.string(), hostileText(10)),
      version: fc.oneof(fc.integer(), fc.string()),
      status: fc.oneof(fc.constantFrom('pending', 'accepted', 'declined', 'withdrawn'), fc.string()),
      // Offsets, unknown zones and any text: only IANA names the database knows may pass.
      timeZone: fc.oneof(fc.constantFrom('UTC', 'Europe/Paris', '+05:00', 'Etc/GMT+5', 'EST5EDT'), fc.string()),
    },
    { requiredKeys: [] },
  )
  .map((params) =>
    new URLSearchParams(
      Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
    ).toString(),
  );

type Call = { name: string; who: () => SignedUp; request: (body: unknown, search: string) => InjectOptions };

const calls: Call[] = [
  {
    name: 'POST users/pitchdecks',
    who: () => founder,
    request: (body) => ({ method: 'POST', url: founderDeckPaths.pitchDecks, payload: JSON.stringify(body) }),
  },
  {
    name: 'PUT users/pitchdecks/{id}',
    who: () => founder,
    request: (body) => ({ method: 'PUT', url: founderDeckPaths.pitchDeck(deckId), payload: JSON.stringify(body) }),
  },
  {
    name: 'POST users/pitchdecks/{id}/versions',
    who: () => founder,
    request: (body) => ({ method: 'POST', url: founderDeckPaths.versions(deckId), payload: JSON.stringify(body) }),
  },
  {
    name: 'GET users/pitchdecks/{id}/analytics?…',
    who: () => founder,
    request: (_body, search) => ({ method: 'GET', url: `${founderDeckPaths.analytics(deckId)}?${search}` }),
  },
  {
    name: 'GET users/pitchdecks/{id}/analysis?…',
    who: () => founder,
    request: (_body, search) => ({ method: 'GET', url: `${founderDeckPaths.analysis(deckId)}?${search}` }),
  },
  {
    name: 'GET investors/pitchdecks/{id}/analysis',
    who: () => investor,
    request: (_body, search) => ({ method: 'GET', url: `${investorDeckPaths.analysis(deckId)}?${search}` }),
  },
  {
    name: 'PATCH users/pitchdecks/{id}/interests/{interestId}',
    who: () => founder,
    request: (body) => ({
      method: 'PATCH',
      url: founderDeckPaths.interest(deckId, 'int-x'),
      payload: JSON.stringify(body),
    }),
  },
  {
    name: 'POST investors/pitchdecks/{id}/interests',
    who: () => investor,
    request: (body) => ({ method: 'POST', url: investorDeckPaths.interests(deckId), payload: JSON.stringify(body) }),
  },
  {
    name: 'POST investors/pitchdecks/{id}/views',
    who: () => investor,
    request: (body) => ({ method: 'POST', url: investorDeckPaths.views(deckId), payload: JSON.stringify(body) }),
  },
  {
    name: 'GET investors/pitchdecks?…',
    who: () => investor,
    request: (_body, search) => ({ method: 'GET', url: `${investorDeckPaths.pitchDecks}?${search}` }),
  },
  {
    name: 'GET users/pitchdecks/upload?…',
    who: () => founder,
    request: (_body, search) => ({ method: 'GET', url: `${founderDeckPaths.uploadTicket}?${search}` }),
  },
  {
    name: 'GET users/me/reading-activity?…',
    who: () => founder,
    request: (_body, search) => ({ method: 'GET', url: `${founderDeckPaths.readingActivity}?${search}` }),
  },
  {
    name: 'GET investors/me/interests?…',
    who: () => investor,
    request: (_body, search) => ({ method: 'GET', url: `${investorDeckPaths.myInterests}?${search}` }),
  },
  {
    name: 'DELETE users/pitchdecks/file?…',
    who: () => founder,
    request: (_body, search) => ({ method: 'DELETE', url: `${founderDeckPaths.uploadedFile}?${search}` }),
  },
];

describe('random bodies and queries to the deck and interest calls', () => {
  for (const call of calls) {
    it(`${call.name} never answers 5xx; refusals carry the error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(jsonBody, query, async (body, search) => {
          const options = call.request(body, search);
          const reply = await ctx.app.fastify.inject({
            ...options,
            headers: { 'content-type': 'application/json', ...authHeaders(call.who().tokens) },
          });
          expect(reply.statusCode, reply.body).toBeLessThan(500);
          if (reply.statusCode >= 400) expect(errorResponseSchema.safeParse(reply.json()).success).toBe(true);
          // Text the database cannot hold as sent is refused, never stored altered (a URL's query
          // carries a lone surrogate as U+FFFD already, so only what arrives is judged).
          const sent = options.payload === undefined ? undefined : JSON.parse(String(options.payload));
          const query = Object.fromEntries(new URLSearchParams(String(options.url).split('?')[1] ?? ''));
          if (findUnstorableText(sent) || findUnstorableText(query)) expect(reply.statusCode, reply.body).toBe(400);
        }),
        { numRuns: 40 },
      );
    });
  }
});
