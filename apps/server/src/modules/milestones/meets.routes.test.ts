import {
  type Activity,
  investorMilestonePaths,
  type Meet,
  meetResponseSchema,
  milestonePaths,
} from '@deckvalid/contract/milestones';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MilestoneChange } from '@/core/events';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { withdrawInterest } from '../../../test/chat';
import { expectContractShape } from '../../../test/contract-shape';
import { readyDeck } from '../../../test/decks';
import { hostileText } from '../../../test/hostile-text';
import { acceptedInvestor, createMeet, createMilestone, meetBody } from '../../../test/milestones';

/**
 * Meets through the real app: the founder and the milestone's investors schedule, move and cancel
 * them; the .ics keeps its UID, counts edits in SEQUENCE and turns into a cancellation on delete.
 */
let ctx: TestContext;
let founder: SignedUp;
let otherFounder: SignedUp;
let investor: SignedUp;
let stranger: SignedUp;
let deckId: string;

beforeAll(async () => {
  ctx = await build();
  [founder, otherFounder, stranger] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'user', 'Olga Other'),
    signUp(ctx, 'investor', 'Sam Stranger'),
  ]);
  deckId = (await readyDeck(ctx, founder)).id;
  investor = await acceptedInvestor(ctx, founder, deckId);
});

afterAll(async () => {
  await ctx.close();
});

/** The VEVENT's properties of an iCalendar file, folded lines joined (RFC 5545 §3.1), parameters dropped. */
function parseEvent(ics: string): Record<string, string> & { METHOD?: string } {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const method = lines.find((line) => line.startsWith('METHOD:'))?.slice('METHOD:'.length);
  const start = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  expect(start).toBeGreaterThan(-1);
  const properties = Object.fromEntries(
    lines.slice(start + 1, end).map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).split(';')[0] as string, line.slice(colon + 1)];
    }),
  );
  return { ...properties, ...(method ? { METHOD: method } : {}) };
}

/** `20270112T093000Z` for 2027-01-12T09:30:00.000Z. */
const icsUtc = (iso: string) => `${iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`;

async function download(caller: SignedUp, url: string) {
  const reply = await callAs(ctx, caller, 'GET', url);
  expect(reply.statusCode, reply.body).toBe(200);
  expect(reply.headers['content-type']).toContain('text/calendar');
  return parseEvent(reply.body);
}

describe('meets', () => {
  it('are scheduled by the founder, listed for both sides and become the overview’s next meet', async () => {
    const milestone = await createMilestone(ctx, founder, deckId);
    const later = await createMeet(ctx, founder, milestone.id, { title: 'Later', startsAt: '2099-02-01T10:00:00Z' });
    const reply = await callAs(ctx, founder, 'POST', milestonePaths.meets(milestone.id), {
      ...meetBody({ title: 'Sooner', startsAt: '2099-01-15T10:00:00+01:00', videoUrl: null }),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expectContractShape(reply.json(), meetResponseSchema);
    const sooner = reply.json().meet as Meet;
    // Stored and answered as a UTC instant, whatever offset it was given in.
    expect(sooner).toMatchObject({ startsAt: '2099-01-15T09:00:00.000Z', sequence: 0, organizerId: founder.user.id });

    const listed = (await callAs(ctx, investor, 'GET', investorMilestonePaths.meets(milestone.id))).json()
      .data as Meet[];
    expect(listed.map((meet) => meet.title)).toEqual(['Sooner', 'Later']);
    const overview = (await callAs(ctx, investor, 'GET', investorMilestonePaths.overview(milestone.id))).json()
      .overview;
    expect(overview.nextMeet).toMatchObject({ id: sooner.id, title: 'Sooner' });
    expect((await callAs(ctx, founder, 'GET', milestonePaths.meet(later.id))).json().meet.title).toBe('Later');
  });

  it('are edited by an investor of the milestone: logged once, one event, the .ics keeps its UID and counts up SEQUENCE', async () => {
    const milestone = await createMilestone(ctx, founder, deckId);
    const meet = await createMeet(ctx, investor, milestone.id, { startsAt: '2027-01-12T09:30:00Z' });
    expect(meet.organizerId).toBe(investor.user.id);
    const before = await download(founder, milestonePaths.meetIcs(meet.id));
    expect(before).toMatchObject({
      SEQUENCE: '0',
      DTSTART: '20270112T093000Z',
      STATUS: 'CONFIRMED',
      SUMMARY: meet.title,
    });

    const seen: MilestoneChange[] = [];
    const stop = ctx.app.events.on('milestone.changed', (event) => void seen.push(event));
    const moved = await callAs(
      ctx,
      investor,
      'PUT',
      investorMilestonePaths.meet(meet.id),
      meetBody({ title: 'Moved', startsAt: '2027-01-13T16:00:00-05:00', durationMinutes: 90 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().meet).toMatchObject({ title: 'Moved', startsAt: '2027-01-13T21:00:00.000Z', sequence: 1 });
    expect(seen).toEqual([expect.objectContaining({ milestoneId: milestone.id, action: 'meet.updated' })]);

    const after = await download(investor, investorMilestonePaths.meetIcs(meet.id));
    expect(after.UID).toBe(before.UID);
    expect(Number(after.SEQUENCE)).toBe(Number(before.SEQUENCE) + 1);
    expect(after.DTSTART).toBe(icsUtc('2027-01-13T21:00:00.000Z'));
    expect(after.DURATION).toBe('PT1H30M');
    expect(after.SUMMARY).toBe('Moved');

    const log = (await callAs(ctx, founder, 'GET', milestonePaths.activities(milestone.id))).json().data as Activity[];
    expect(log.slice(0, 2).map((row) => row.action)).toEqual(['meet.updated', 'meet.created']);
    expect(log[0]).toMatchObject({
      actor: { id: investor.user.id },
      oldValue: { startsAt: '2027-01-12T09:30:00.000Z' },
      newValue: { title: 'Moved', startsAt: '2027-01-13T21:00:00.000Z', durationMinutes: 90 },
    });
  });

  it('on delete leave a cancellation to download and drop out of lists and the overview', async () => {
    const milestone = await createMilestone(ctx, founder, deckId);
    const meet = await createMeet(ctx, founder, milestone.id, { startsAt: '2099-03-01T08:00:00Z' });
    const before = await download(founder, milestonePaths.meetIcs(meet.id));

    expect((await callAs(ctx, investor, 'DELETE', investorMilestonePaths.meet(meet.id))).statusCode).toBe(204);
    const cancelled = await download(founder, milestonePaths.meetIcs(meet.id));
    expect(cancelled).toMatchObject({ METHOD: 'CANCEL', STATUS: 'CANCELLED', UID: before.UID, SEQUENCE: '1' });

    expect((await callAs(ctx, founder, 'GET', milestonePaths.meets(milestone.id))).json().data).toEqual([]);
    expect(
      (await callAs(ctx, founder, 'GET', milestonePaths.overview(milestone.id))).json().overview.nextMeet,
    ).toBeNull();
    for (const [method, payload] of [['GET'], ['PUT', meetBody()], ['DELETE']] as const) {
      expect((await callAs(ctx, founder, method, milestonePaths.meet(meet.id), payload)).statusCode, method).toBe(404);
    }
  });

  it('move the overview’s next meet on as they end, while the milestone itself does not change', async () => {
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'Meets that end' });
    // A day ahead at 08:00 UTC, so every read below falls on the same day (the kept overview's stamp).
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const at = (time: string) => new Date(`${day}T${time}:00.000Z`);
    const first = await createMeet(ctx, founder, milestone.id, {
      title: 'Standup',
      startsAt: at('09:00'),
      durationMinutes: 30,
    });
    const second = await createMeet(ctx, founder, milestone.id, { title: 'Review', startsAt: at('15:00') });
    const nextMeetAt = async (now: Date) => {
      vi.useFakeTimers({ toFake: ['Date'], now });
      try {
        const reply = await callAs(ctx, founder, 'GET', milestonePaths.overview(milestone.id));
        expect(reply.statusCode, reply.body).toBe(200);
        return (reply.json().overview.nextMeet as Meet | null)?.id ?? null;
      } finally {
        vi.useRealTimers();
      }
    };
    expect(await nextMeetAt(at('08:00'))).toBe(first.id);
    // Still running at 09:20: it is next until it ends.
    expect(await nextMeetAt(at('09:20'))).toBe(first.id);
    expect(await nextMeetAt(at('10:00'))).toBe(second.id);
    expect(await nextMeetAt(at('16:00'))).toBeNull();
  });

  it('refuses bad fields: a time zone Intl does not know, a non-http video link, a start without offset', async () => {
    const milestone = await createMilestone(ctx, founder, deckId);
    for (const fields of [
      { timeZone: 'Mars/Olympus_Mons' },
      { videoUrl: 'javascript:alert(1)' },
      { startsAt: '2027-01-12T09:30:00' },
      { durationMinutes: 0 },
      // Line breaks in a link once reached the stored row and the .ics, which then failed with a 500.
      { videoUrl: 'https://meet.example.com/a\nb' },
      { videoUrl: 'https://meet.example.com/a\rDTSTART:19700101T000000Z' },
      { videoUrl: 'https://meet.example.com/\u0007' },
      // Year 0 has no date in PostgreSQL; instants are kept within 1970–9999.
      { startsAt: '0000-01-01T00:00:00Z' },
      { startsAt: '9999-12-31T23:00:00-05:00' },
    ]) {
      const reply = await callAs(ctx, founder, 'POST', milestonePaths.meets(milestone.id), meetBody(fields));
      expect(reply.statusCode, JSON.stringify(fields)).toBe(400);
      expect(reply.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('hide from another founder, a stranger and an investor who withdrew: 404', async () => {
    const milestone = await createMilestone(ctx, founder, deckId);
    const meet = await createMeet(ctx, founder, milestone.id);
    const leaving = await acceptedInvestor(ctx, founder, deckId, 'Wim Withdrawn');
    expect((await callAs(ctx, leaving, 'GET', investorMilestonePaths.meet(meet.id))).statusCode).toBe(200);
    await withdrawInterest(ctx, leaving, deckId);

    for (const caller of [stranger, leaving]) {
      expect((await callAs(ctx, caller, 'GET', investorMilestonePaths.meetIcs(meet.id))).statusCode).toBe(404);
      expect((await callAs(ctx, caller, 'PUT', investorMilestonePaths.meet(meet.id), meetBody())).statusCode).toBe(404);
      expect(
        (await callAs(ctx, caller, 'POST', investorMilestonePaths.meets(milestone.id), meetBody())).statusCode,
      ).toBe(404);
    }
    expect((await callAs(ctx, otherFounder, 'DELETE', milestonePaths.meet(meet.id))).statusCode).toBe(404);
    expect((await callAs(ctx, founder, 'GET', milestonePaths.meet(meet.id))).json().meet.sequence).toBe(0);
  });

  it('each give an .ics that a real calendar parser reads as exactly one event, whatever their text holds', async () => {
    const milestone = await createMilestone(ctx, founder, deckId, { title: 'Calendar \r\n "quotes"; commas, \\ ok' });
    // What a calendar shows of a text: CR and CRLF read as LF, as the file writes them.
    const asShown = (text: string) => text.replace(/\r\n?/g, '\n');
    const fields = fc.record({
      title: fc.oneof(hostileText(60), fc.constant('\rDTSTART:19700101T000000Z\rEND:VEVENT')),
      agenda: fc.oneof(hostileText(300), fc.constant('line\rEND:VCALENDAR\r\nBEGIN:VEVENT')),
      videoUrl: fc.oneof(
        fc.constant(null),
        hostileText(30).map((text) => `https://meet.example.com/${text}`),
        fc.webUrl(),
        // A space, a line separator and an IPv6 host: valid links that `ics` will not write as URL raw.
        fc.constantFrom(
          'https://meet.example.com/room one',
          'https://meet.example.com/a\u2028b',
          'https://[::1]:8443/x',
        ),
      ),
      cancel: fc.boolean(),
    });
    let parsedCount = 0;
    await fc.assert(
      fc.asyncProperty(fields, async ({ title, agenda, videoUrl, cancel }) => {
        const created = await callAs(
          ctx,
          founder,
          'POST',
          milestonePaths.meets(milestone.id),
          meetBody({ title, agenda, videoUrl }),
        );
        if (created.statusCode === 400) return;
        expect(created.statusCode, created.body).toBe(201);
        const meet = created.json().meet as Meet;
        if (cancel) expect((await callAs(ctx, founder, 'DELETE', milestonePaths.meet(meet.id))).statusCode).toBe(204);
        const reply = await callAs(ctx, founder, 'GET', milestonePaths.meetIcs(meet.id));
        expect(reply.statusCode, reply.body).toBe(200);
        const calendar = new ICAL.Component(ICAL.parse(reply.body));
        const events = calendar.getAllSubcomponents('vevent');
        expect(events, reply.body).toHaveLength(1);
        const event = events[0] as InstanceType<typeof ICAL.Component>;
        expect(event.getFirstPropertyValue('summary')).toBe(asShown(meet.title));
        expect(event.getFirstPropertyValue('uid')).toBe(`${meet.id}@pitchlane`);
        expect(String(event.getFirstPropertyValue('description'))).toContain(asShown(meet.agenda));
        // The link as calendars open it; a URL that `ics` will not write still travels as LOCATION.
        const url = event.getFirstPropertyValue('url');
        if (url !== null) expect(url).toBe(new URL(meet.videoUrl ?? '').href);
        expect(event.getFirstPropertyValue('location')).toBe(meet.videoUrl);
        expect(event.getFirstPropertyValue('status')).toBe(cancel ? 'CANCELLED' : 'CONFIRMED');
        parsedCount++;
      }),
      { numRuns: 40 },
    );
    // Hostile text is mostly storable: the property must have read real files, not only refusals.
    expect(parsedCount).toBeGreaterThan(10);
  });
});
