import { notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import {
  investorMilestonePaths,
  type Meet,
  milestoneMembersResponseSchema,
  milestonePaths,
} from '@deckvalid/contract/milestones';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { withdrawInterest } from '../../../test/chat';
import { expectContractShape } from '../../../test/contract-shape';
import { readyDeck } from '../../../test/decks';
import { acceptedInvestor, createMilestone, meetBody } from '../../../test/milestones';

/**
 * Meet attendees and invitations (issue 18): attendees are members of the milestone; each is
 * mailed through the outbox an .ics whose ORGANIZER is the founder and which names every
 * attendee; an edit raises SEQUENCE, a cancellation is METHOD:CANCEL, and someone taken off the
 * meet gets a cancellation of their own.
 */
let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;
let secondInvestor: SignedUp;
let stranger: SignedUp;
let deckId: string;

beforeAll(async () => {
  ctx = await build();
  [founder, stranger] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'investor', 'Sam Stranger'),
  ]);
  deckId = (await readyDeck(ctx, founder)).id;
  investor = await acceptedInvestor(ctx, founder, deckId, 'Theo Brandt');
  secondInvestor = await acceptedInvestor(ctx, founder, deckId, 'Ines Okafor');
});

afterAll(async () => {
  await ctx.close();
});

/** Everything queued so far is stored and every delivery pass has finished. */
async function settled(): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    await ctx.app.background.drain();
  }
}

type Attachment = { filename: string; contentType: string; content: string };
type OutboxRow = { account_id: string; recipient: string; subject: string; attachments: Attachment[] | null };

/** The invitation mails queued for a meet's title, oldest first. */
const invitationsFor = (title: string) =>
  ctx.sql<OutboxRow>(
    `select account_id, recipient, subject, attachments from mail_outbox
     where kind = 'meetInvitations' and subject like $1 order by created_at, id`,
    [`%${title}%`],
  );

/** The .ics of a mail, parsed with ical.js: the calendar's METHOD and the event's people. */
function calendarOf(mail: OutboxRow | undefined) {
  const file = mail?.attachments?.[0];
  expect(file?.contentType).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(file?.content ?? ''));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  const organizer = event.getFirstProperty('organizer');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    organizer: { cn: organizer?.getParameter('cn'), address: String(organizer?.getFirstValue()).toLowerCase() },
    sentBy: String(organizer?.getParameter('sent-by') ?? '').toLowerCase() || undefined,
    attendees: event.getAllProperties('attendee').map((attendee) => ({
      cn: attendee.getParameter('cn'),
      address: String(attendee.getFirstValue()).toLowerCase(),
    })),
  };
}

const mailto = (person: SignedUp) => `mailto:${person.email.toLowerCase()}`;

describe('meet attendees', () => {
  it('are chosen among the milestone’s members, which both sides can list', async () => {
    const milestone = await createMilestone(ctx, founder, deckId);
    for (const [caller, url] of [
      [founder, milestonePaths.members(milestone.id)],
      [investor, investorMilestonePaths.members(milestone.id)],
    ] as const) {
      const reply = await callAs(ctx, caller, 'GET', url);
      expect(reply.statusCode, reply.body).toBe(200);
      expectContractShape(reply.json(), milestoneMembersResponseSchema);
      // The founder first, then the accepted investors by name; never an address.
      expect(reply.json().data).toEqual([
        { id: founder.user.id, name: 'Farah Founder', role: 'user' },
        { id: secondInvestor.user.id, name: 'Ines Okafor', role: 'investor' },
        { id: investor.user.id, name: 'Theo Brandt', role: 'investor' },
      ]);
    }
    expect((await callAs(ctx, stranger, 'GET', investorMilestonePaths.members(milestone.id))).statusCode).toBe(404);

    // A stranger is refused with the field named, and nothing is stored.
    const refused = await callAs(ctx, founder, 'POST', milestonePaths.meets(milestone.id), {
      ...meetBody({ title: 'Refused' }),
      attendeeIds: [founder.user.id, stranger.user.id],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.details.fields).toEqual([{ path: 'attendeeIds', message: expect.any(String) }]);
    expect((await callAs(ctx, founder, 'GET', milestonePaths.meets(milestone.id))).json().data).toEqual([]);

    // The same person twice, or an id that is not one, is the contract's 400.
    const twice = await callAs(ctx, founder, 'POST', milestonePaths.meets(milestone.id), {
      ...meetBody(),
      attendeeIds: [investor.user.id, investor.user.id],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details.fields[0].path).toBe('attendeeIds');

    // Left out, the founder alone is invited; the answer names attendees in the order chosen.
    const alone = await callAs(ctx, founder, 'POST', milestonePaths.meets(milestone.id), meetBody({ title: 'Alone' }));
    expect(alone.json().meet.attendees).toEqual([{ id: founder.user.id, name: 'Farah Founder', role: 'user' }]);
    const chosen = await callAs(ctx, investor, 'POST', investorMilestonePaths.meets(milestone.id), {
      ...meetBody({ title: 'Chosen' }),
      attendeeIds: [investor.user.id, founder.user.id],
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    const meet = chosen.json().meet as Meet;
    expect(meet.attendees.map((attendee) => attendee.id)).toEqual([investor.user.id, founder.user.id]);

    // A PUT without attendeeIds keeps them; with them, replaces them.
    const kept = await callAs(ctx, founder, 'PUT', milestonePaths.meet(meet.id), meetBody({ title: 'Chosen' }));
    expect(kept.json().meet.attendees.map((attendee: { id: string }) => attendee.id)).toEqual([
      investor.user.id,
      founder.user.id,
    ]);
    const notMember = await callAs(ctx, founder, 'PUT', milestonePaths.meet(meet.id), {
      ...meetBody({ title: 'Chosen' }),
      attendeeIds: [stranger.user.id],
    });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().error.details.fields[0].path).toBe('attendeeIds');
  });
});

describe('meet invitations', () => {
  it('mail each attendee but its organiser an .ics from the founder naming every attendee; a change raises SEQUENCE; a cancel is METHOD:CANCEL', async () => {
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'Flight readiness' });
    const created = await callAs(ctx, founder, 'POST', milestonePaths.meets(milestone.id), {
      ...meetBody({ title: 'Readiness review' }),
      attendeeIds: [founder.user.id, investor.user.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const meet = created.json().meet as Meet;
    await settled();

    const invited = await invitationsFor('Readiness review');
    // The founder organised it: an invitation to one's own meet is noise, so only the investor is mailed.
    expect(invited.map((mail) => mail.account_id)).toEqual([investor.user.id]);
    const toInvestor = invited.find((mail) => mail.account_id === investor.user.id);
    expect(toInvestor?.recipient).toBe(investor.email);
    expect(toInvestor?.subject).toContain('Invitation: Readiness review');
    const calendar = calendarOf(toInvestor);
    expect(calendar).toMatchObject({
      method: 'REQUEST',
      uid: `${meet.id}@pitchlane`,
      sequence: 0,
      organizer: { cn: 'Farah Founder', address: mailto(founder) },
    });
    expect(calendar.attendees).toEqual([
      { cn: 'Farah Founder', address: mailto(founder) },
      { cn: 'Theo Brandt', address: mailto(investor) },
    ]);
    // The second investor was not invited and is told nothing.
    expect(invited.some((mail) => mail.account_id === secondInvestor.user.id)).toBe(false);

    // The investor moves it and invites the other investor instead of themself: the founder stays
    // the ORGANIZER (the investor SENT-BY), SEQUENCE goes up, and the investor taken off is told.
    const moved = await callAs(ctx, investor, 'PUT', investorMilestonePaths.meet(meet.id), {
      ...meetBody({ title: 'Readiness review', startsAt: '2027-01-13T09:30:00Z' }),
      attendeeIds: [founder.user.id, secondInvestor.user.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await settled();
    const afterMove = (await invitationsFor('Readiness review')).slice(invited.length);
    const changed = afterMove.filter((mail) => mail.subject.includes('Changed:'));
    expect(changed.map((mail) => mail.account_id)).toEqual([secondInvestor.user.id]);
    const changedCalendar = calendarOf(changed[0]);
    expect(changedCalendar).toMatchObject({
      method: 'REQUEST',
      sequence: 1,
      organizer: { cn: 'Farah Founder', address: mailto(founder) },
      sentBy: mailto(investor),
    });
    expect(changedCalendar.attendees.map((attendee) => attendee.cn)).toEqual(['Farah Founder', 'Ines Okafor']);
    const uninvited = afterMove.filter((mail) => mail.account_id === investor.user.id);
    expect(uninvited).toHaveLength(1);
    expect(uninvited[0]?.subject).toContain('Removed:');
    expect(calendarOf(uninvited[0])).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1 });

    // Cancelled by the founder: every attendee gets METHOD:CANCEL with a higher SEQUENCE.
    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.meet(meet.id))).statusCode).toBe(204);
    await settled();
    const cancels = (await invitationsFor('Readiness review')).filter((mail) => mail.subject.includes('Cancelled:'));
    expect(cancels.map((mail) => mail.account_id)).toEqual([secondInvestor.user.id]);
    for (const mail of cancels) {
      expect(calendarOf(mail)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2 });
    }

    // The download names the same people (PUBLISH, for one's own calendar) once cancelled: CANCEL.
    const download = await callAs(ctx, founder, 'GET', milestonePaths.meetIcs(meet.id));
    const downloaded = calendarOf({
      account_id: '',
      recipient: '',
      subject: '',
      attachments: [{ filename: 'x.ics', contentType: 'text/calendar', content: download.body }],
    });
    expect(downloaded).toMatchObject({ method: 'CANCEL', organizer: { address: mailto(founder) } });
  });

  it('follow each attendee’s switch, and skip an attendee who withdrew', async () => {
    const otherFounder = await signUp(ctx, 'user', 'Nadia Noor');
    const otherDeck = (await readyDeck(ctx, otherFounder)).id;
    const quiet = await acceptedInvestor(ctx, otherFounder, otherDeck, 'Quinn Quiet');
    const leaving = await acceptedInvestor(ctx, otherFounder, otherDeck, 'Lee Leaving');
    const off = await callAs(ctx, quiet, 'PUT', notificationSettingsPaths.investor, { meetInvitations: false });
    expect(off.statusCode, off.body).toBe(200);
    const milestone = await createMilestone(ctx, otherFounder, otherDeck);
    const created = await callAs(ctx, otherFounder, 'POST', milestonePaths.meets(milestone.id), {
      ...meetBody({ title: 'Quiet sync' }),
      attendeeIds: [quiet.user.id, leaving.user.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    await settled();
    expect((await invitationsFor('Quiet sync')).map((mail) => mail.account_id)).toEqual([leaving.user.id]);

    await withdrawInterest(ctx, leaving, otherDeck);
    expect((await callAs(ctx, otherFounder, 'DELETE', milestonePaths.meet(created.json().meet.id))).statusCode).toBe(
      204,
    );
    await settled();
    expect(await invitationsFor('Cancelled: Quiet sync')).toEqual([]);
  });
});
