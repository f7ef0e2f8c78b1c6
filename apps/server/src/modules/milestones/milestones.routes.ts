import {
  activitiesQuerySchema,
  activityPageSchema,
  approvalBodySchema,
  approvalResponseSchema,
  approvalsResponseSchema,
  createMilestoneBodySchema,
  createTaskBodySchema,
  deleteMilestoneQuerySchema,
  deliverableBodySchema,
  deliverableParamsSchema,
  deliverableResponseSchema,
  deliverablesResponseSchema,
  dependencyBodySchema,
  dependencyCandidatesResponseSchema,
  dependencyParamsSchema,
  dependencyResponseSchema,
  investorMilestonePaths,
  meetBodySchema,
  meetParamsSchema,
  meetResponseSchema,
  meetsResponseSchema,
  mentorMilestonePaths,
  milestoneMembersResponseSchema,
  milestoneMentorParamsSchema,
  milestoneMentorsResponseSchema,
  milestoneOverviewResponseSchema,
  milestonePageSchema,
  milestoneParamsSchema,
  milestonePaths,
  milestoneResponseSchema,
  milestoneStatusBodySchema,
  milestonesQuerySchema,
  moveTaskBodySchema,
  requestChangesBodySchema,
  submitDeliverableBodySchema,
  subtaskBodySchema,
  subtaskParamsSchema,
  subtaskResponseSchema,
  taskDependenciesResponseSchema,
  taskInvestorsQuerySchema,
  taskInvestorsResponseSchema,
  taskParamsSchema,
  taskResponseSchema,
  tasksQuerySchema,
  tasksResponseSchema,
  toggleSubtaskBodySchema,
  updateMilestoneBodySchema,
  updateTaskBodySchema,
} from '@deckvalid/contract/milestones';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import { sendJson, sendKeptJson } from '@/http/send-json';
import type { ApprovalsService } from './approvals.service';
import type { DeliverablesService } from './deliverables.service';
import type { DependenciesService } from './dependencies.service';
import type { MeetsService } from './meets.service';
import type { MilestonesService } from './milestones.service';
import type { TasksService } from './tasks.service';

type Services = {
  milestones: MilestonesService;
  tasks: TasksService;
  dependencies: DependenciesService;
  deliverables: DeliverablesService;
  approvals: ApprovalsService;
  meets: MeetsService;
};
type RoleGuard = { onRequest: ReturnType<typeof requireRole> };

type Prefixes = { guard: RoleGuard; milestonesRoot: string; root: string };

/**
 * The reads every role has under its own API's prefix (spec §7 lists them under founders' and
 * investors'; mentors read them too): a milestone's deliverables and a task's approvals. The
 * services decide who may read which milestone; the prefix only picks the role.
 */
async function workReadRoutes(
  app: FastifyInstance,
  { guard, milestonesRoot, root, deliverables, approvals }: Pick<Services, 'deliverables' | 'approvals'> & Prefixes,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    `${milestonesRoot}/:id/deliverables`,
    { ...guard, schema: { params: milestoneParamsSchema, response: { 200: deliverablesResponseSchema } } },
    async (request) => ({ data: await deliverables.listForMilestone(principalOf(request), request.params.id) }),
  );
  typed.get(
    `${root}/tasks/:taskId/approvals`,
    { ...guard, schema: { params: taskParamsSchema, response: { 200: approvalsResponseSchema } } },
    async (request) => ({ data: await approvals.list(principalOf(request), request.params.taskId) }),
  );
}

/**
 * The meets, the milestone's shared calendar, which founders and investors change alike, each
 * under their own API's prefix (mentors have none: the calendar is the members').
 */
async function meetRoutes(
  app: FastifyInstance,
  { guard, milestonesRoot, root, meets }: Pick<Services, 'meets'> & Prefixes,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    `${milestonesRoot}/:id/meets`,
    {
      ...guard,
      schema: { params: milestoneParamsSchema, body: meetBodySchema, response: { 201: meetResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ meet: await meets.create(principalOf(request), request.params.id, request.body) }),
  );
  typed.get(
    `${milestonesRoot}/:id/meets`,
    { ...guard, schema: { params: milestoneParamsSchema, response: { 200: meetsResponseSchema } } },
    async (request) => ({ data: await meets.list(principalOf(request), request.params.id) }),
  );
  // Our addition: whom a meet may invite (the founder and the deck's accepted investors).
  typed.get(
    `${milestonesRoot}/:id/members`,
    { ...guard, schema: { params: milestoneParamsSchema, response: { 200: milestoneMembersResponseSchema } } },
    async (request) => ({ data: await meets.members(principalOf(request), request.params.id) }),
  );
  typed.get(
    `${root}/meets/:meetId`,
    { ...guard, schema: { params: meetParamsSchema, response: { 200: meetResponseSchema } } },
    async (request) => ({ meet: await meets.get(principalOf(request), request.params.meetId) }),
  );
  typed.put(
    `${root}/meets/:meetId`,
    { ...guard, schema: { params: meetParamsSchema, body: meetBodySchema, response: { 200: meetResponseSchema } } },
    async (request) => ({ meet: await meets.update(principalOf(request), request.params.meetId, request.body) }),
  );
  typed.delete(
    `${root}/meets/:meetId`,
    { ...guard, schema: { params: meetParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await meets.remove(principalOf(request), request.params.meetId);
      return reply.status(204).send();
    },
  );
  // No response schema: the answer is a calendar file, not JSON, and the zod serializer would quote it.
  typed.get(`${root}/meets/:meetId/ics`, { ...guard, schema: { params: meetParamsSchema } }, async (request, reply) => {
    const { filename, body } = await meets.ics(principalOf(request), request.params.meetId);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(body);
  });
}

/**
 * The reads of a milestone followed (investors) or shared (mentors), each under their own API's
 * prefix: the list, the milestone, its overview, board and log, and a task.
 */
async function milestoneReadRoutes(
  parent: FastifyInstance,
  { guard, milestonesRoot, root, milestones, tasks }: Pick<Services, 'milestones' | 'tasks'> & Prefixes,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    milestonesRoot,
    { ...guard, schema: { querystring: milestonesQuerySchema, response: { 200: milestonePageSchema } } },
    (request) => milestones.list(principalOf(request), request.query),
  );
  app.get(
    `${milestonesRoot}/:id`,
    { ...guard, schema: { params: milestoneParamsSchema, response: { 200: milestoneResponseSchema } } },
    async (request) => ({ milestone: await milestones.get(principalOf(request), request.params.id) }),
  );
  app.get(
    `${milestonesRoot}/:id/overview`,
    { ...guard, schema: { params: milestoneParamsSchema, response: { 200: milestoneOverviewResponseSchema } } },
    async (request, reply) => sendJson(reply, await milestones.overviewJson(principalOf(request), request.params.id)),
  );
  app.get(
    `${milestonesRoot}/:id/tasks`,
    {
      ...guard,
      schema: { params: milestoneParamsSchema, querystring: tasksQuerySchema, response: { 200: tasksResponseSchema } },
    },
    async (request, reply) =>
      sendKeptJson(request, reply, await tasks.boardJson(principalOf(request), request.params.id, request.query.stage)),
  );
  app.get(
    `${milestonesRoot}/:id/activities`,
    {
      ...guard,
      schema: {
        params: milestoneParamsSchema,
        querystring: activitiesQuerySchema,
        response: { 200: activityPageSchema },
      },
    },
    (request) => milestones.activities(principalOf(request), request.params.id, request.query),
  );
  app.get(
    `${root}/tasks/:taskId`,
    { ...guard, schema: { params: taskParamsSchema, response: { 200: taskResponseSchema } } },
    async (request) => ({ task: await tasks.get(principalOf(request), request.params.taskId) }),
  );
}

const root = milestonePaths.milestones;
const investorRoot = investorMilestonePaths.milestones;

/** The Milestones API of spec §7 for founders (docs/api.md names the nested paths). */
export async function milestonesRoutes(
  parent: FastifyInstance,
  { auth, ...services }: Services & { auth: Authenticator },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const { milestones, tasks, dependencies, deliverables } = services;

  app.post(
    root,
    { ...founder, schema: { body: createMilestoneBodySchema, response: { 201: milestoneResponseSchema } } },
    async (request, reply) =>
      reply.status(201).send({ milestone: await milestones.create(principalOf(request), request.body) }),
  );
  app.get(
    root,
    { ...founder, schema: { querystring: milestonesQuerySchema, response: { 200: milestonePageSchema } } },
    (request) => milestones.list(principalOf(request), request.query),
  );
  app.get(
    `${root}/task-investors`,
    { ...founder, schema: { querystring: taskInvestorsQuerySchema, response: { 200: taskInvestorsResponseSchema } } },
    async (request) => ({ data: await milestones.taskInvestors(principalOf(request), request.query.milestoneId) }),
  );
  app.get(
    `${root}/:id`,
    { ...founder, schema: { params: milestoneParamsSchema, response: { 200: milestoneResponseSchema } } },
    async (request) => ({ milestone: await milestones.get(principalOf(request), request.params.id) }),
  );
  app.put(
    `${root}/:id`,
    {
      ...founder,
      schema: {
        params: milestoneParamsSchema,
        body: updateMilestoneBodySchema,
        response: { 200: milestoneResponseSchema },
      },
    },
    async (request) => ({
      milestone: await milestones.update(principalOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    `${root}/:id`,
    {
      ...founder,
      schema: {
        params: milestoneParamsSchema,
        querystring: deleteMilestoneQuerySchema,
        response: { 204: noContentResponseSchema },
      },
    },
    async (request, reply) => {
      await milestones.remove(principalOf(request), request.params.id, request.query.mode);
      return reply.status(204).send();
    },
  );
  app.patch(
    `${root}/:id/status`,
    {
      ...founder,
      schema: {
        params: milestoneParamsSchema,
        body: milestoneStatusBodySchema,
        response: { 200: milestoneResponseSchema },
      },
    },
    async (request) => ({
      milestone: await milestones.changeStatus(principalOf(request), request.params.id, request.body.status),
    }),
  );
  app.post(
    `${root}/:id/restore`,
    { ...founder, schema: { params: milestoneParamsSchema, response: { 200: milestoneResponseSchema } } },
    async (request) => ({ milestone: await milestones.restore(principalOf(request), request.params.id) }),
  );
  app.get(
    `${root}/:id/overview`,
    { ...founder, schema: { params: milestoneParamsSchema, response: { 200: milestoneOverviewResponseSchema } } },
    async (request, reply) => sendJson(reply, await milestones.overviewJson(principalOf(request), request.params.id)),
  );
  app.get(
    `${root}/:id/activities`,
    {
      ...founder,
      schema: {
        params: milestoneParamsSchema,
        querystring: activitiesQuerySchema,
        response: { 200: activityPageSchema },
      },
    },
    (request) => milestones.activities(principalOf(request), request.params.id, request.query),
  );

  app.post(
    `${root}/:id/tasks`,
    {
      ...founder,
      schema: { params: milestoneParamsSchema, body: createTaskBodySchema, response: { 201: taskResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ task: await tasks.create(principalOf(request), request.params.id, request.body) }),
  );
  app.get(
    `${root}/:id/tasks`,
    {
      ...founder,
      schema: { params: milestoneParamsSchema, querystring: tasksQuerySchema, response: { 200: tasksResponseSchema } },
    },
    async (request, reply) =>
      sendKeptJson(request, reply, await tasks.boardJson(principalOf(request), request.params.id, request.query.stage)),
  );
  app.get(
    `${root}/tasks/:taskId`,
    { ...founder, schema: { params: taskParamsSchema, response: { 200: taskResponseSchema } } },
    async (request) => ({ task: await tasks.get(principalOf(request), request.params.taskId) }),
  );
  app.put(
    `${root}/tasks/:taskId`,
    {
      ...founder,
      schema: { params: taskParamsSchema, body: updateTaskBodySchema, response: { 200: taskResponseSchema } },
    },
    async (request) => ({ task: await tasks.update(principalOf(request), request.params.taskId, request.body) }),
  );
  app.delete(
    `${root}/tasks/:taskId`,
    { ...founder, schema: { params: taskParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await tasks.remove(principalOf(request), request.params.taskId);
      return reply.status(204).send();
    },
  );
  app.patch(
    `${root}/tasks/:taskId/stage`,
    {
      ...founder,
      schema: { params: taskParamsSchema, body: moveTaskBodySchema, response: { 200: taskResponseSchema } },
    },
    async (request) => ({ task: await tasks.move(principalOf(request), request.params.taskId, request.body) }),
  );

  app.post(
    `${root}/tasks/:taskId/subtasks`,
    {
      ...founder,
      schema: { params: taskParamsSchema, body: subtaskBodySchema, response: { 201: subtaskResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({
        subtask: await tasks.createSubtask(principalOf(request), request.params.taskId, request.body.title),
      }),
  );
  app.put(
    `${root}/subtasks/:subtaskId`,
    {
      ...founder,
      schema: { params: subtaskParamsSchema, body: subtaskBodySchema, response: { 200: subtaskResponseSchema } },
    },
    async (request) => ({
      subtask: await tasks.renameSubtask(principalOf(request), request.params.subtaskId, request.body.title),
    }),
  );
  app.delete(
    `${root}/subtasks/:subtaskId`,
    { ...founder, schema: { params: subtaskParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await tasks.removeSubtask(principalOf(request), request.params.subtaskId);
      return reply.status(204).send();
    },
  );
  app.patch(
    `${root}/subtasks/:subtaskId/toggle`,
    {
      ...founder,
      schema: { params: subtaskParamsSchema, body: toggleSubtaskBodySchema, response: { 200: subtaskResponseSchema } },
    },
    async (request) => ({
      subtask: await tasks.toggleSubtask(principalOf(request), request.params.subtaskId, request.body.isCompleted),
    }),
  );

  app.post(
    `${root}/tasks/:taskId/dependencies`,
    {
      ...founder,
      schema: { params: taskParamsSchema, body: dependencyBodySchema, response: { 201: dependencyResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({
        dependency: await dependencies.add(principalOf(request), request.params.taskId, request.body.blockedByTaskId),
      }),
  );
  app.get(
    `${root}/tasks/:taskId/dependencies/candidates`,
    { ...founder, schema: { params: taskParamsSchema, response: { 200: dependencyCandidatesResponseSchema } } },
    (request) => dependencies.candidates(principalOf(request), request.params.taskId),
  );
  app.get(
    `${root}/tasks/:taskId/dependencies`,
    { ...founder, schema: { params: taskParamsSchema, response: { 200: taskDependenciesResponseSchema } } },
    (request) => dependencies.listForTask(principalOf(request), request.params.taskId),
  );
  app.put(
    `${root}/dependencies/:dependencyId`,
    {
      ...founder,
      schema: {
        params: dependencyParamsSchema,
        body: dependencyBodySchema,
        response: { 200: dependencyResponseSchema },
      },
    },
    async (request) => ({
      dependency: await dependencies.update(
        principalOf(request),
        request.params.dependencyId,
        request.body.blockedByTaskId,
      ),
    }),
  );
  app.delete(
    `${root}/dependencies/:dependencyId`,
    { ...founder, schema: { params: dependencyParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await dependencies.remove(principalOf(request), request.params.dependencyId);
      return reply.status(204).send();
    },
  );

  app.post(
    `${root}/tasks/:taskId/deliverables`,
    {
      ...founder,
      schema: { params: taskParamsSchema, body: deliverableBodySchema, response: { 201: deliverableResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({
        deliverable: await deliverables.create(principalOf(request), request.params.taskId, request.body),
      }),
  );
  app.get(
    `${root}/tasks/:taskId/deliverables`,
    { ...founder, schema: { params: taskParamsSchema, response: { 200: deliverablesResponseSchema } } },
    async (request) => ({ data: await deliverables.listForTask(principalOf(request), request.params.taskId) }),
  );
  app.put(
    `${root}/deliverables/:deliverableId`,
    {
      ...founder,
      schema: {
        params: deliverableParamsSchema,
        body: deliverableBodySchema,
        response: { 200: deliverableResponseSchema },
      },
    },
    async (request) => ({
      deliverable: await deliverables.update(principalOf(request), request.params.deliverableId, request.body),
    }),
  );
  app.post(
    `${root}/deliverables/:deliverableId/submit`,
    {
      ...founder,
      schema: {
        params: deliverableParamsSchema,
        body: submitDeliverableBodySchema,
        response: { 200: deliverableResponseSchema },
      },
    },
    async (request) => ({
      deliverable: await deliverables.submit(principalOf(request), request.params.deliverableId, request.body),
    }),
  );
  app.get(
    `${root}/:id/mentors`,
    { ...founder, schema: { params: milestoneParamsSchema, response: { 200: milestoneMentorsResponseSchema } } },
    async (request) => ({ data: await milestones.mentors(principalOf(request), request.params.id) }),
  );
  app.put(
    `${root}/:id/mentors/:mentorId`,
    { ...founder, schema: { params: milestoneMentorParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await milestones.share(principalOf(request), request.params.id, request.params.mentorId);
      return reply.status(204).send();
    },
  );
  app.delete(
    `${root}/:id/mentors/:mentorId`,
    { ...founder, schema: { params: milestoneMentorParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await milestones.unshare(principalOf(request), request.params.id, request.params.mentorId);
      return reply.status(204).send();
    },
  );
  const prefixes = { guard: founder, milestonesRoot: root, root };
  await workReadRoutes(parent, { ...services, ...prefixes });
  await meetRoutes(parent, { ...services, ...prefixes });
}

/** The Investor API's milestone calls (spec §7): reads, and the changes followers may make. */
export async function investorMilestonesRoutes(
  parent: FastifyInstance,
  {
    auth,
    milestones,
    tasks,
    deliverables,
    approvals,
    meets,
  }: Pick<Services, 'milestones' | 'tasks' | 'deliverables' | 'approvals' | 'meets'> & { auth: Authenticator },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const investor = { onRequest: requireRole(auth, 'investor') };
  const prefixes = { guard: investor, milestonesRoot: investorRoot, root: '/api/v1/investors' };

  await milestoneReadRoutes(parent, { milestones, tasks, ...prefixes });
  app.post(
    '/api/v1/investors/deliverables/:deliverableId/accept',
    { ...investor, schema: { params: deliverableParamsSchema, response: { 200: deliverableResponseSchema } } },
    async (request) => ({ deliverable: await deliverables.accept(principalOf(request), request.params.deliverableId) }),
  );
  app.post(
    '/api/v1/investors/deliverables/:deliverableId/accept/undo',
    { ...investor, schema: { params: deliverableParamsSchema, response: { 200: deliverableResponseSchema } } },
    async (request) => ({
      deliverable: await deliverables.undoAccept(principalOf(request), request.params.deliverableId),
    }),
  );
  app.post(
    '/api/v1/investors/deliverables/:deliverableId/request-changes',
    {
      ...investor,
      schema: {
        params: deliverableParamsSchema,
        body: requestChangesBodySchema,
        response: { 200: deliverableResponseSchema },
      },
    },
    async (request) => ({
      deliverable: await deliverables.requestChanges(
        principalOf(request),
        request.params.deliverableId,
        request.body.comment,
      ),
    }),
  );
  app.post(
    '/api/v1/investors/tasks/:taskId/approvals',
    {
      ...investor,
      schema: {
        params: taskParamsSchema,
        body: approvalBodySchema,
        response: { 200: approvalResponseSchema, 201: approvalResponseSchema },
      },
    },
    // 201 for an investor's first word on the task, 200 when it replaced or repeated it.
    async (request, reply) => {
      const { approval, isCreated, isUnchanged } = await approvals.record(
        principalOf(request),
        request.params.taskId,
        request.body,
      );
      return reply.status(isCreated ? 201 : 200).send({ approval, isUnchanged });
    },
  );
  await workReadRoutes(parent, { deliverables, approvals, ...prefixes });
  await meetRoutes(parent, { meets, ...prefixes });
}

/**
 * The Mentor API's milestone calls: the live milestones their founders share with them, read
 * only (their threads with the founder: threads.routes.ts).
 */
export async function mentorMilestonesRoutes(
  parent: FastifyInstance,
  {
    auth,
    milestones,
    tasks,
    deliverables,
    approvals,
  }: Pick<Services, 'milestones' | 'tasks' | 'deliverables' | 'approvals'> & { auth: Authenticator },
) {
  const prefixes = {
    guard: { onRequest: requireRole(auth, 'mentor') },
    milestonesRoot: mentorMilestonePaths.milestones,
    root: '/api/v1/mentors',
  };
  await milestoneReadRoutes(parent, { milestones, tasks, ...prefixes });
  await workReadRoutes(parent, { deliverables, approvals, ...prefixes });
}
