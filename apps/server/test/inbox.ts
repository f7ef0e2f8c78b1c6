import { inboxPaths } from '@deckvalid/contract/api-paths';
import type { InboxPage } from '@deckvalid/contract/notifications';
import { expect } from 'vitest';
import type { SignedUp } from './accounts';
import { callAs, type TestContext } from './build';

/**
 * The account's inbox as its screens read it, newest first; `query` is the list's query string
 * (`?kind=deck.ready&limit=100`). Anything but a 200 fails here, naming the answer, rather than
 * later as a missing field.
 */
export async function inboxOf(ctx: TestContext, who: SignedUp, query = ''): Promise<InboxPage> {
  const reply = await callAs(ctx, who, 'GET', `${inboxPaths.list}${query}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as InboxPage;
}
