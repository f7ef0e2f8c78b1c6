import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { FieldError } from '@deckvalid/contract/errors';
import { milestonePaths } from '@deckvalid/contract/milestones';
import { unstorableTextMessages } from '@deckvalid/contract/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../test/accounts';
import { authHeaders, build, type TestContext } from '../../test/build';
import { readyDeck } from '../../test/decks';
import { createMilestone, createTask } from '../../test/milestones';
import { createThread } from '../../test/threads';

/**
 * The text guard, the net under the contract's text schema: NUL and lone surrogates anywhere in a
 * body, query or path parameter are a 400 naming the field, before any schema or handler runs,
 * so a field a schema forgot still never reaches the database.
 */
let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;
let milestoneId: string;
let taskId: string;
let threadId: string;

beforeAll(async () => {
  ctx = await build();
  [founder, investor] = await Promise.all([signUp(ctx, 'user'), signUp(ctx, 'investor')]);
  const deckId = (await readyDeck(ctx, founder)).id;
  milestoneId = (await createMilestone(ctx, founder, deckId)).id;
  taskId = (await createTask(ctx, founder, milestoneId)).id;
  threadId = (await createThread(ctx, founder, { taskId })).id;
});

afterAll(async () => {
  await ctx.close();
});

async function refused(caller: SignedUp, method: 'GET' | 'POST', url: string, body?: unknown) {
  const reply = await ctx.app.fastify.inject({
    method,
    url,
    headers: { ...authHeaders(caller.tokens), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  expect(reply.statusCode, reply.body).toBe(400);
  const { error } = reply.json() as {
    error: { code: string; message: string; details: { fields: FieldError[]; in: string } };
  };
  expect(error.code).toBe('VALIDATION_FAILED');
  return error;
}

describe('the text guard', () => {
  it('names the field of a lone surrogate or NUL in a body, however deep', async () => {
    const title = await refused(founder, 'POST', milestonePaths.tasks(milestoneId), {
      title: 'Fine',
      description: 'x\ud800',
    });
    expect(title).toEqual({
      code: 'VALIDATION_FAILED',
      message: unstorableTextMessages.loneSurrogate,
      details: { fields: [{ path: 'description', message: unstorableTextMessages.loneSurrogate }], in: 'body' },
    });
    const nested = await refused(founder, 'POST', milestonePaths.messages(threadId), {
      text: 'Files',
      attachments: [
        { key: 'k', name: 'ok' },
        { key: 'k2', name: 'a\u0000.pdf' },
      ],
    });
    expect(nested.details.fields).toEqual([{ path: 'attachments.1.name', message: unstorableTextMessages.nul }]);
  });

  it('names a field the schema does not know, and an unstorable key', async () => {
    const unknown = await refused(founder, 'POST', milestonePaths.tasks(milestoneId), {
      title: 'Fine',
      extra: '\udc00',
    });
    expect(unknown.details).toEqual({
      fields: [{ path: 'extra', message: unstorableTextMessages.loneSurrogate }],
      in: 'body',
    });
    const key = await refused(founder, 'POST', milestonePaths.tasks(milestoneId), { title: 'Fine', 'bad\u0000key': 1 });
    expect(key.details.fields[0]?.path).toBe('bad\ufffdkey');
  });

  it('names the query parameter, in querystring', async () => {
    const query = await refused(investor, 'GET', `${investorDeckPaths.pitchDecks}?q=a%00b`);
    expect(query.details).toEqual({ fields: [{ path: 'q', message: unstorableTextMessages.nul }], in: 'querystring' });
  });
});
