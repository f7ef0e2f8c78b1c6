import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import { dataRoomGrantPaths, dataRoomPaths, investorDataRoomPaths } from '@deckvalid/contract/datarooms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { decideInterest, withdrawInterest } from '../../../test/chat';
import { aRoomGrantedToInvestor, createDataRoom } from '../../../test/datarooms';

let ctx: TestContext;
let otherFounder: SignedUp;
let otherInvestor: SignedUp;

beforeAll(async () => {
  ctx = await build();
  [otherFounder, otherInvestor] = await Promise.all([
    signUp(ctx, 'user', 'Otto Other'),
    signUp(ctx, 'investor', 'Oona Other'),
  ]);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('data rooms: investor grants', () => {
  it('an accepted investor lists the room, reads its tree and its file', async () => {
    const { investor, room, file, grant } = await aRoomGrantedToInvestor(ctx);
    expect(grant).toMatchObject({ roomId: room.id, investorId: investor.user.id });

    const list = await callAs(ctx, investor, 'GET', investorDataRoomPaths.rooms);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((each: { id: string }) => each.id)).toEqual([room.id]);

    const tree = await callAs(ctx, investor, 'GET', investorDataRoomPaths.room(room.id));
    expect(tree.statusCode, tree.body).toBe(200);
    expect(tree.json().room.items.map((item: { name: string }) => item.name)).toContain('Deck.pdf');

    const bytes = await callAs(ctx, investor, 'GET', investorDataRoomPaths.file(room.id, file.id));
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('application/pdf');
  });

  it('the founder lists a room’s grants; another founder and investors cannot', async () => {
    const { founder, investor, room, interest, grant } = await aRoomGrantedToInvestor(ctx);
    const list = await callAs(ctx, founder, 'GET', dataRoomGrantPaths.grants(room.id));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      data: [
        {
          id: grant?.id,
          roomId: room.id,
          interestId: interest.id,
          investorId: investor.user.id,
          createdAt: grant?.createdAt,
        },
      ],
    });
    expect((await callAs(ctx, otherFounder, 'GET', dataRoomGrantPaths.grants(room.id))).statusCode).toBe(404);
    expect((await callAs(ctx, investor, 'GET', dataRoomGrantPaths.grants(room.id))).statusCode).toBe(403);
    expect((await callAs(ctx, null, 'GET', dataRoomGrantPaths.grants(room.id))).statusCode).toBe(401);
  });

  it('a grant whose interest was withdrawn leaves the founder’s list', async () => {
    const { founder, investor, room, deck } = await aRoomGrantedToInvestor(ctx);
    await withdrawInterest(ctx, investor, deck.id);
    const list = await callAs(ctx, founder, 'GET', dataRoomGrantPaths.grants(room.id));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ data: [] });
  });

  it('granting twice through the same interest answers the same grant', async () => {
    const { founder, room, interest, grant } = await aRoomGrantedToInvestor(ctx);
    const again = await callAs(ctx, founder, 'POST', dataRoomGrantPaths.grants(room.id), { interestId: interest.id });
    expect(again.statusCode).toBe(201);
    expect(again.json().grant.id).toBe(grant?.id);
  });

  it('refuses a grant for a pending or declined interest with 409', async () => {
    const { founder, room, deck, interest } = await aRoomGrantedToInvestor(ctx, { accept: false });
    const pending = await callAs(ctx, founder, 'POST', dataRoomGrantPaths.grants(room.id), { interestId: interest.id });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toMatchObject({ code: 'CONFLICT', details: { reason: 'INTEREST_NOT_ACCEPTED' } });
    await decideInterest(ctx, founder, deck.id, interest.id, 'declined');
    const declined = await callAs(ctx, founder, 'POST', dataRoomGrantPaths.grants(room.id), {
      interestId: interest.id,
    });
    expect(declined.statusCode).toBe(409);
  });

  it('refuses a grant through another founder’s interest, an unknown one, or on another founder’s room', async () => {
    const { founder, room, interest } = await aRoomGrantedToInvestor(ctx);
    const theirs = await createDataRoom(ctx, otherFounder, 'Theirs');
    const foreign = await callAs(ctx, otherFounder, 'POST', dataRoomGrantPaths.grants(theirs.id), {
      interestId: interest.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.details.reason).toBe('INTEREST_NOT_FOUND');
    const unknown = await callAs(ctx, founder, 'POST', dataRoomGrantPaths.grants(room.id), {
      interestId: 'int-unknown',
    });
    expect(unknown.statusCode).toBe(404);
    const onTheirRoom = await callAs(ctx, otherFounder, 'POST', dataRoomGrantPaths.grants(room.id), {
      interestId: interest.id,
    });
    expect(onTheirRoom.statusCode).toBe(404);
    expect(
      (await callAs(ctx, otherInvestor, 'POST', dataRoomGrantPaths.grants(room.id), { interestId: interest.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await callAs(ctx, null, 'POST', dataRoomGrantPaths.grants(room.id), { interestId: interest.id })).statusCode,
    ).toBe(401);
  });

  it('an investor without a grant, and founders, get 404 or 403 on the investor calls', async () => {
    const { founder, room, file } = await aRoomGrantedToInvestor(ctx);
    for (const url of [investorDataRoomPaths.room(room.id), investorDataRoomPaths.file(room.id, file.id)]) {
      expect((await callAs(ctx, otherInvestor, 'GET', url)).statusCode).toBe(404);
      expect((await callAs(ctx, founder, 'GET', url)).statusCode).toBe(403);
      expect((await callAs(ctx, otherFounder, 'GET', url)).statusCode).toBe(403);
      expect((await callAs(ctx, null, 'GET', url)).statusCode).toBe(401);
    }
    expect((await callAs(ctx, otherInvestor, 'GET', investorDataRoomPaths.rooms)).json()).toEqual({ data: [] });
  });

  it('withdrawing the interest ends the access at once and removes the grant', async () => {
    const { investor, room, deck, grant } = await aRoomGrantedToInvestor(ctx);
    await withdrawInterest(ctx, investor, deck.id);
    expect((await callAs(ctx, investor, 'GET', investorDataRoomPaths.room(room.id))).statusCode).toBe(404);
    expect((await callAs(ctx, investor, 'GET', investorDataRoomPaths.rooms)).json()).toEqual({ data: [] });
    await expect.poll(async () => ctx.sql('select id from data_room_grants where id = $1', [grant?.id])).toEqual([]);
  });

  it('an interest shown again after withdrawing (pending) does not bring the room back', async () => {
    const { investor, room, deck } = await aRoomGrantedToInvestor(ctx);
    await withdrawInterest(ctx, investor, deck.id);
    const again = await callAs(ctx, investor, 'POST', investorDeckPaths.interests(deck.id), { note: 'Again' });
    expect(again.statusCode, again.body).toBeLessThan(300);
    expect((await callAs(ctx, investor, 'GET', investorDataRoomPaths.room(room.id))).statusCode).toBe(404);
  });

  it('the founder ends a grant; the investor loses the room; another founder cannot end it', async () => {
    const { founder, investor, room, grant } = await aRoomGrantedToInvestor(ctx);
    const url = dataRoomGrantPaths.grant(room.id, grant?.id ?? '');
    expect((await callAs(ctx, otherFounder, 'DELETE', url)).statusCode).toBe(404);
    expect((await callAs(ctx, investor, 'DELETE', url)).statusCode).toBe(403);
    expect((await callAs(ctx, founder, 'DELETE', url)).statusCode).toBe(204);
    expect((await callAs(ctx, founder, 'DELETE', url)).statusCode).toBe(404);
    expect((await callAs(ctx, investor, 'GET', investorDataRoomPaths.room(room.id))).statusCode).toBe(404);
  });

  it('deleting the room ends its grants', async () => {
    const { founder, investor, room } = await aRoomGrantedToInvestor(ctx);
    expect((await callAs(ctx, founder, 'DELETE', dataRoomPaths.room(room.id))).statusCode).toBe(204);
    expect((await callAs(ctx, investor, 'GET', investorDataRoomPaths.rooms)).json()).toEqual({ data: [] });
  });
});
