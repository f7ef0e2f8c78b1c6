import { notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import { investorMilestonePaths } from '@deckvalid/contract/milestones';
import { notificationLabels } from '@deckvalid/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { ChatClients, listen, openPrivateRoom, request } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { acceptedInvestor, createMilestone, createTask } from '../../../test/milestones';

/** The inbox kinds that matter away from the screen are mailed, each by its own switch. */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

/** Everything queued so far is stored and every delivery pass has finished. */
async function settled(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await ctx.app.background.drain();
  await new Promise((resolve) => setImmediate(resolve));
  await ctx.app.background.drain();
}

type OutboxRow = { kind: string; subject: string; text_body: string; coalesced_count: number };
const outboxOf = (accountId: string, kind: string) =>
  ctx.sql<OutboxRow>(
    'select kind, subject, text_body, coalesced_count from mail_outbox where account_id = $1 and kind = $2',
    [accountId, kind],
  );

describe('inbox mail', () => {
  it('mails the founder an approval with its switch named, and nothing once the switch is off', async () => {
    const founder = await signUp(ctx, 'user', 'Farah Founder');
    const deck = await readyDeck(ctx, founder);
    const investor = await acceptedInvestor(ctx, founder, deck.id, 'Theo Brandt');
    const milestone = await createMilestone(ctx, founder, deck.id, { title: 'Flight readiness' });
    const first = await createTask(ctx, founder, milestone.id, { title: 'Safety review dossier' });
    const second = await createTask(ctx, founder, milestone.id, { title: 'Build flight unit' });

    expect((await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(first.id), {})).statusCode).toBe(
      201,
    );
    await settled();
    const [mail, ...more] = await outboxOf(founder.user.id, 'approvalDecisions');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Pitchlane: Theo Brandt approved “Safety review dossier”');
    expect(mail?.text_body).toContain(`/founder/milestones/${milestone.id}?task=${first.id}`);
    expect(mail?.text_body).toContain(notificationLabels.approvalDecisions);

    const off = await callAs(ctx, founder, 'PUT', notificationSettingsPaths.user, { approvalDecisions: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await callAs(ctx, investor, 'POST', investorMilestonePaths.taskApprovals(second.id), {})).statusCode).toBe(
      201,
    );
    await settled();
    expect(await outboxOf(founder.user.id, 'approvalDecisions')).toHaveLength(1);
    // The inbox still has it: the switch is about mail.
    const inbox = await ctx.app.services.inbox.list(
      { sessionId: 's', accountId: founder.user.id, role: 'user', user: { ...founder.user } },
      { page: 1, limit: 20 },
    );
    expect(inbox.data.filter((notification) => notification.kind === 'approval.given')).toHaveLength(2);
  });

  it('sends one chat digest an hour however many unread runs, without quoting the messages', async () => {
    const founder = await signUp(ctx, 'user', 'Farah Founder');
    const deck = await readyDeck(ctx, founder);
    const investors = [
      await acceptedInvestor(ctx, founder, deck.id, 'Ada Lovelace'),
      await acceptedInvestor(ctx, founder, deck.id, 'Grace Hopper'),
    ];
    for (const investor of investors) {
      const room = await openPrivateRoom(ctx, investor, founder.user.id);
      const socket = await clients.open(investor.tokens);
      const ack = await request(socket, 'chat:message', { chatRoomId: room.id, content: 'Secret terms', type: 'text' });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      await ctx.sql(`update chat_messages set created_at = now() - interval '11 minutes' where room_id = $1`, [
        room.id,
      ]);
    }
    await ctx.app.services.inbox.notifyUnreadChats();
    await settled();
    const digests = await outboxOf(founder.user.id, 'chatDigest');
    expect(digests).toHaveLength(1);
    expect(digests[0]?.coalesced_count).toBe(1);
    expect(digests[0]?.subject).toBe('Pitchlane: You have unread chat messages');
    expect(digests[0]?.text_body).not.toContain('Secret terms');
  });
});
