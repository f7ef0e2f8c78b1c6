import { errorResponseSchema, type FieldError } from '@deckvalid/contract/errors';
import {
  activitiesQuerySchema,
  approvalBodySchema,
  createMilestoneBodySchema,
  createTaskBodySchema,
  deliverableBodySchema,
  investorMilestonePaths,
  meetBodySchema,
  messageBodySchema,
  milestonePaths,
  milestonesQuerySchema,
  requestChangesBodySchema,
  submitDeliverableBodySchema,
  subtaskBodySchema,
  threadBodySchema,
  updateMilestoneBodySchema,
  updateTaskBodySchema,
} from '@deckvalid/contract/milestones';
import { findUnstorableText } from '@deckvalid/contract/text';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { readyDeck } from '../../../test/decks';
import { edgeDates, edgeInstants, hostileText } from '../../../test/hostile-text';
import {
  acceptedInvestor,
  createDeliverable,
  createMeet,
  createMilestone,
  createTask,
  meetBody,
} from '../../../test/milestones';
import { createThread } from '../../../test/threads';

/**
 * Random and hostile bodies to every milestone call that takes one (issue 17): what the contract
 * accepts is stored or refused by a rule (never a 5xx), the rest is a 400 in the error shape that
 * names the field. Text carries NUL, lone surrogates, CR and LF; dates and instants carry year 0.
 */
let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;
let deckId: string;
let milestoneId: string;
let taskId: string;
let threadId: string;
let deliverableId: string;
let meetId: string;

beforeAll(async () => {
  ctx = await build();
  founder = await signUp(ctx, 'user', 'Farah Founder');
  deckId = (await readyDeck(ctx, founder)).id;
  investor = await acceptedInvestor(ctx, founder, deckId);
  milestoneId = (await createMilestone(ctx, founder, deckId)).id;
  taskId = (await createTask(ctx, founder, milestoneId)).id;
  threadId = (await createThread(ctx, founder, { taskId })).id;
  deliverableId = (await createDeliverable(ctx, founder, taskId)).id;
  meetId = (await createMeet(ctx, founder, milestoneId)).id;
});

afterAll(async () => {
  await ctx.close();
});

const send = (caller: SignedUp, method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) =>
  ctx.app.fastify.inject({
    method,
    url,
    headers: { ...authHeaders(caller.tokens), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** The fields a 400 names. */
function refusedFields(reply: { statusCode: number; body: string; json: () => unknown }): FieldError[] {
  expect(reply.statusCode, reply.body).toBe(400);
  const parsed = errorResponseSchema.parse(reply.json());
  expect(parsed.error.code).toBe('VALIDATION_FAILED');
  return (parsed.error.details as { fields?: FieldError[] } | undefined)?.fields ?? [];
}

describe('the faults of issue 17, item 4: 400 naming the field instead of a 500', () => {
  const cases: {
    name: string;
    caller: () => SignedUp;
    method: 'POST' | 'PUT';
    url: () => string;
    body: () => object;
    field: string;
  }[] = [
    {
      name: 'a lone surrogate in a task title',
      caller: () => founder,
      method: 'POST',
      url: () => milestonePaths.tasks(milestoneId),
      body: () => ({ title: 'Ship \ud800' }),
      field: 'title',
    },
    {
      name: 'a lone low surrogate in an edited task title',
      caller: () => founder,
      method: 'PUT',
      url: () => milestonePaths.task(taskId),
      body: () => ({ title: '\udc00 Ship' }),
      field: 'title',
    },
    {
      name: 'a lone surrogate in a milestone title',
      caller: () => founder,
      method: 'POST',
      url: () => milestonePaths.milestones,
      body: () => ({ pitchDeckId: deckId, title: 'Pilot \udbff', dueDate: '2027-03-31' }),
      field: 'title',
    },
    {
      name: 'a lone surrogate in an edited milestone title',
      caller: () => founder,
      method: 'PUT',
      url: () => milestonePaths.milestone(milestoneId),
      body: () => ({ title: 'Pilot \ud800', dueDate: '2027-03-31' }),
      field: 'title',
    },
    {
      name: 'a lone surrogate in a thread title',
      caller: () => founder,
      method: 'POST',
      url: () => milestonePaths.taskThreads(taskId),
      body: () => ({ title: 'Customs \udfff' }),
      field: 'title',
    },
    {
      name: 'a lone surrogate in a request for changes to a deliverable',
      caller: () => investor,
      method: 'POST',
      url: () => investorMilestonePaths.deliverableRequestChanges(deliverableId),
      body: () => ({ comment: 'Add the appendix \udfff' }),
      field: 'comment',
    },
    {
      name: 'a lone surrogate in an approval comment',
      caller: () => investor,
      method: 'POST',
      url: () => investorMilestonePaths.taskApprovals(taskId),
      body: () => ({ comment: 'Looks right \ud800' }),
      field: 'comment',
    },
    {
      name: 'a due date in year 0 on a task',
      caller: () => founder,
      method: 'POST',
      url: () => milestonePaths.tasks(milestoneId),
      body: () => ({ title: 'Old', dueDate: '0000-01-01' }),
      field: 'dueDate',
    },
    {
      name: 'a due date in year 0 on a milestone',
      caller: () => founder,
      method: 'POST',
      url: () => milestonePaths.milestones,
      body: () => ({ pitchDeckId: deckId, title: 'Old', dueDate: '0000-01-01' }),
      field: 'dueDate',
    },
    {
      name: 'a meet starting in year 0, from the founder',
      caller: () => founder,
      method: 'POST',
      url: () => milestonePaths.meets(milestoneId),
      body: () => meetBody({ startsAt: '0000-01-01T00:00:00Z' }),
      field: 'startsAt',
    },
    {
      name: 'a meet moved to year 0, by an investor',
      caller: () => investor,
      method: 'PUT',
      url: () => investorMilestonePaths.meet(meetId),
      body: () => meetBody({ startsAt: '0000-06-01T09:00:00+01:00' }),
      field: 'startsAt',
    },
    {
      name: 'a meet inviting someone who is not a member',
      caller: () => founder,
      method: 'POST',
      url: () => milestonePaths.meets(milestoneId),
      body: () => ({ ...meetBody(), attendeeIds: ['usr-not-a-member'] }),
      field: 'attendeeIds',
    },
    {
      name: 'a video link with a line break',
      caller: () => founder,
      method: 'POST',
      url: () => milestonePaths.meets(milestoneId),
      body: () => meetBody({ videoUrl: 'https://meet.example.com/a\r\nX-INJECTED:1' }),
      field: 'videoUrl',
    },
  ];
  for (const { name, caller, method, url, body, field } of cases) {
    it(name, async () => {
      const fields = refusedFields(await send(caller(), method, url(), body()));
      expect(fields.map((entry) => entry.path)).toContain(field);
    });
  }
});

type Route = {
  name: string;
  caller: () => SignedUp;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  schema: z.ZodType;
  /** Arbitraries of the body's fields, each mixed with any JSON below; read once the fixtures exist. */
  fields: () => Record<string, fc.Arbitrary<unknown>>;
};

const title = fc.oneof(fc.constant('A title'), hostileText(60));
const description = fc.oneof(fc.constant('Some words.'), hostileText(200));
const dueDate = fc.oneof(fc.constant('2027-03-31'), edgeDates, hostileText(12));
const url = fc.oneof(
  fc.constant('https://example.com/report.pdf'),
  hostileText(20).map((text) => `https://example.com/${text}`),
  hostileText(20),
);

const routes: Route[] = [
  {
    name: 'POST milestones',
    caller: () => founder,
    method: 'POST',
    url: () => milestonePaths.milestones,
    schema: createMilestoneBodySchema,
    fields: () => ({ pitchDeckId: fc.constant(deckId), title, description, dueDate }),
  },
  {
    name: 'PUT milestone',
    caller: () => founder,
    method: 'PUT',
    url: () => milestonePaths.milestone(milestoneId),
    schema: updateMilestoneBodySchema,
    fields: () => ({ title, description, dueDate }),
  },
  {
    name: 'POST tasks',
    caller: () => founder,
    method: 'POST',
    url: () => milestonePaths.tasks(milestoneId),
    schema: createTaskBodySchema,
    fields: () => ({ title, description, dueDate, assigneeId: fc.oneof(fc.constant(null), hostileText(10)) }),
  },
  {
    name: 'PUT task',
    caller: () => founder,
    method: 'PUT',
    url: () => milestonePaths.task(taskId),
    schema: updateTaskBodySchema,
    fields: () => ({ title, description, dueDate }),
  },
  {
    name: 'POST subtasks',
    caller: () => founder,
    method: 'POST',
    url: () => milestonePaths.subtasks(taskId),
    schema: subtaskBodySchema,
    fields: () => ({ title }),
  },
  {
    name: 'POST deliverables',
    caller: () => founder,
    method: 'POST',
    url: () => milestonePaths.taskDeliverables(taskId),
    schema: deliverableBodySchema,
    fields: () => ({ title, description }),
  },
  {
    name: 'POST deliverable submit',
    caller: () => founder,
    method: 'POST',
    url: () => milestonePaths.deliverableSubmit(deliverableId),
    schema: submitDeliverableBodySchema,
    // A link, or a file named by an upload key (hostile keys included): never both, never neither.
    fields: () => ({
      url: fc.oneof(fc.constant(undefined), url),
      file: fc.oneof(fc.constant(undefined), fc.record({ key: hostileText(40), name: title })),
    }),
  },
  {
    name: 'POST approvals (investor)',
    caller: () => investor,
    method: 'POST',
    url: () => investorMilestonePaths.taskApprovals(taskId),
    schema: approvalBodySchema,
    fields: () => ({
      decision: fc.constantFrom('approved', 'changes_requested', 'maybe'),
      comment: fc.oneof(fc.constant(undefined), description),
    }),
  },
  {
    name: 'POST deliverable request-changes (investor)',
    caller: () => investor,
    method: 'POST',
    url: () => investorMilestonePaths.deliverableRequestChanges(deliverableId),
    schema: requestChangesBodySchema,
    fields: () => ({ comment: description }),
  },
  ...(['founder', 'investor'] as const).map(
    (side): Route => ({
      name: `POST meets (${side})`,
      caller: () => (side === 'founder' ? founder : investor),
      method: 'POST',
      url: () => (side === 'founder' ? milestonePaths : investorMilestonePaths).meets(milestoneId),
      schema: meetBodySchema,
      fields: () => ({
        title,
        agenda: description,
        startsAt: fc.oneof(fc.constant('2027-01-12T09:30:00Z'), edgeInstants, hostileText(12)),
        durationMinutes: fc.oneof(fc.constant(45), fc.integer()),
        timeZone: fc.oneof(fc.constant('Europe/Amsterdam'), hostileText(12)),
        videoUrl: fc.oneof(fc.constant(null), url),
        attendeeIds: fc.oneof(
          fc.constant(undefined),
          fc.constant([founder.user.id, investor.user.id]),
          fc.array(fc.oneof(hostileText(12), fc.constant(investor.user.id)), { maxLength: 4 }),
        ),
      }),
    }),
  ),
  {
    name: 'POST threads',
    caller: () => investor,
    method: 'POST',
    url: () => investorMilestonePaths.threads(milestoneId),
    schema: threadBodySchema,
    fields: () => ({ title }),
  },
  {
    name: 'PATCH thread',
    caller: () => founder,
    method: 'PATCH',
    url: () => milestonePaths.thread(threadId),
    schema: threadBodySchema,
    fields: () => ({ title }),
  },
  {
    name: 'POST messages',
    caller: () => founder,
    method: 'POST',
    url: () => milestonePaths.messages(threadId),
    schema: messageBodySchema,
    fields: () => ({ text: description }),
  },
];

describe('random and hostile bodies to the milestone calls', () => {
  for (const route of routes) {
    it(`${route.name}: never a 5xx; a body the contract refuses is a 400 naming a field`, async () => {
      const field = (arbitrary: fc.Arbitrary<unknown>) =>
        fc.oneof({ arbitrary, weight: 6 }, { arbitrary: fc.jsonValue(), weight: 1 });
      const body = fc.oneof(
        {
          arbitrary: fc.record(
            Object.fromEntries(Object.entries(route.fields()).map(([key, value]) => [key, field(value)])),
          ),
          weight: 8,
        },
        { arbitrary: fc.jsonValue(), weight: 1 },
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const reply = await send(route.caller(), route.method, route.url(), payload);
          if (route.schema.safeParse(payload).success) {
            expect(reply.statusCode, reply.body).toBeLessThan(500);
          } else {
            expect(refusedFields(reply).length, reply.body).toBeGreaterThan(0);
          }
        }),
        { numRuns: 30 },
      );
    });
  }
});

describe('random and hostile queries to the milestone lists', () => {
  const value = fc.oneof(fc.string({ maxLength: 8 }), hostileText(8), fc.integer().map(String));
  const lists: { name: string; caller: () => SignedUp; url: () => string; schema: z.ZodType }[] = [
    {
      name: 'GET milestones',
      caller: () => founder,
      url: () => milestonePaths.milestones,
      schema: milestonesQuerySchema,
    },
    {
      name: 'GET investor milestones',
      caller: () => investor,
      url: () => investorMilestonePaths.milestones,
      schema: milestonesQuerySchema,
    },
    {
      name: 'GET activities',
      caller: () => founder,
      url: () => milestonePaths.activities(milestoneId),
      schema: activitiesQuerySchema,
    },
  ];
  for (const list of lists) {
    it(`${list.name}: 200 exactly when the contract accepts the query, else 400 naming a field`, async () => {
      const query = fc.record(
        { status: value, pitchDeckId: value, archived: value, page: value, limit: value, stage: value, taskId: value },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(query, async (parameters) => {
          const search = new URLSearchParams(parameters);
          const reply = await ctx.app.fastify.inject({
            method: 'GET',
            url: `${list.url()}?${search}`,
            headers: authHeaders(list.caller().tokens),
          });
          // What arrives is what the URL carries: a lone surrogate travels as U+FFFD. The text
          // guard refuses a NUL in any parameter, even one the contract ignores.
          const arrived = Object.fromEntries(search);
          if (list.schema.safeParse(arrived).success && !findUnstorableText(arrived)) {
            expect(reply.statusCode, reply.body).toBe(200);
          } else expect(refusedFields(reply).length, reply.body).toBeGreaterThan(0);
        }),
        // A NUL in a parameter the list does not read: the contract passes it, the guard does not.
        { numRuns: 30, examples: [[{ status: '\u0000' }]] },
      );
    });
  }
});

describe('random and hostile task ids to the dependency picker', () => {
  const read = (url: string) => ctx.app.fastify.inject({ method: 'GET', url, headers: authHeaders(founder.tokens) });
  // A lone surrogate cannot be percent-encoded; it goes as the bytes of one (not UTF-8), as a raw client could send.
  const candidatesUrl = (taskId: string) => {
    try {
      return milestonePaths.taskDependencyCandidates(taskId);
    } catch {
      return milestonePaths.taskDependencyCandidates('placeholder').replace('placeholder', '%ED%BF%BF');
    }
  };
  it('GET dependencies/candidates: never a 5xx; a task that is not the founder’s is 404, an id the contract refuses 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileText(12), fc.string({ maxLength: 70 })), async (taskId) => {
        const reply = await read(candidatesUrl(taskId));
        expect(reply.statusCode, reply.body).toBeLessThan(500);
        expect([400, 404], reply.body).toContain(reply.statusCode);
      }),
      { numRuns: 30 },
    );
    const mine = await read(milestonePaths.taskDependencyCandidates(taskId));
    expect(mine.statusCode, mine.body).toBe(200);
  });
});
