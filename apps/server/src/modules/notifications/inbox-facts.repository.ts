import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { accounts } from '@/modules/accounts/accounts.schema';
import { chatMessages, chatParticipants, chatRooms } from '@/modules/chat/chat.schema';
import { interests } from '@/modules/interests/interests.schema';
import {
  milestoneActivities,
  milestoneDeliverables,
  milestoneMentors,
  milestones,
  milestoneTasks,
} from '@/modules/milestones/milestones.schema';
import { milestoneThreadMessages, milestoneThreads } from '@/modules/milestones/threads.schema';

/** One line of a milestone's log with what a notification names: the milestone, the task, who. */
export type MilestoneActivityFacts = {
  action: string;
  milestoneId: string;
  milestoneTitle: string;
  founderId: string;
  pitchDeckId: string;
  taskId: string | null;
  taskTitle: string | null;
  /** The deliverable the line is about, if any, as it is named now. */
  deliverableTitle: string | null;
  actor: { id: string; name: string } | null;
  oldValue: Record<string, unknown> | null;
  newValue: Record<string, unknown> | null;
  /** `mentors` for a line of a thread with the mentors, which investors never hear of. */
  audience: 'members' | 'mentors';
};

/** Chat messages someone has left unread: one run per member and room. */
export type UnreadChatRun = {
  accountId: string;
  roomId: string;
  roomType: 'private' | 'group' | 'bot';
  roomName: string | null;
  /** The first unread message's number: a new run after the member reads starts a new one. */
  firstSeq: number;
  unread: number;
  latestSender: { id: string; name: string } | null;
};

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * What the inbox reads of other modules to word a notification and find who it is for (read only,
 * listed in `crossModuleReads`): a milestone's log line, its deck's accepted investors, a thread's
 * people. Read when the event is handled, after the change committed.
 */
export class InboxFactsRepository {
  constructor(private readonly db: Database) {}

  async findMilestoneActivityById(activityId: string): Promise<MilestoneActivityFacts | undefined> {
    const actor = alias(accounts, 'actor');
    const [row] = await this.db
      .select({
        action: milestoneActivities.action,
        milestoneId: milestones.id,
        milestoneTitle: milestones.title,
        founderId: milestones.founderId,
        pitchDeckId: milestones.pitchDeckId,
        taskId: milestoneActivities.taskId,
        taskTitle: milestoneTasks.title,
        deliverableTitle: milestoneDeliverables.title,
        actorId: actor.id,
        actorName: actor.name,
        oldValue: milestoneActivities.oldValue,
        newValue: milestoneActivities.newValue,
        audience: milestoneActivities.audience,
      })
      .from(milestoneActivities)
      .innerJoin(milestones, eq(milestones.id, milestoneActivities.milestoneId))
      .leftJoin(milestoneTasks, eq(milestoneTasks.id, milestoneActivities.taskId))
      .leftJoin(
        milestoneDeliverables,
        eq(milestoneDeliverables.id, sql`${milestoneActivities.newValue} ->> 'deliverableId'`),
      )
      .leftJoin(actor, eq(actor.id, milestoneActivities.actorId))
      .where(eq(milestoneActivities.id, activityId))
      .limit(1);
    if (!row) return undefined;
    return {
      action: row.action,
      milestoneId: row.milestoneId,
      milestoneTitle: row.milestoneTitle,
      founderId: row.founderId,
      pitchDeckId: row.pitchDeckId,
      taskId: row.taskId,
      taskTitle: row.taskTitle,
      deliverableTitle: row.deliverableTitle,
      actor: row.actorId && row.actorName ? { id: row.actorId, name: row.actorName } : null,
      oldValue: asRecord(row.oldValue),
      newValue: asRecord(row.newValue),
      audience: row.audience,
    };
  }

  /** The mentors a milestone is shared with now: who hear of its threads with the mentors. */
  async findSharedMentorIds(milestoneId: string): Promise<string[]> {
    const rows = await this.db
      .select({ mentorId: milestoneMentors.mentorId })
      .from(milestoneMentors)
      .where(eq(milestoneMentors.milestoneId, milestoneId));
    return rows.map((row) => row.mentorId);
  }

  /** The investors whose interest in the deck is accepted: those who follow its milestones. */
  async findAcceptedInvestorIds(pitchDeckId: string): Promise<string[]> {
    const rows = await this.db
      .select({ investorId: interests.investorId })
      .from(interests)
      .where(and(eq(interests.pitchDeckId, pitchDeckId), eq(interests.status, 'accepted')));
    return rows.map((row) => row.investorId);
  }

  /** Who a thread's messages are for: whoever started it and whoever wrote in it. */
  async findThreadPeopleIds(threadId: string): Promise<{ title: string; peopleIds: string[] } | undefined> {
    const [thread] = await this.db
      .select({ title: milestoneThreads.title, createdById: milestoneThreads.createdById })
      .from(milestoneThreads)
      .where(eq(milestoneThreads.id, threadId))
      .limit(1);
    if (!thread) return undefined;
    const authors = await this.db
      .selectDistinct({ authorId: milestoneThreadMessages.authorId })
      .from(milestoneThreadMessages)
      .where(and(eq(milestoneThreadMessages.threadId, threadId), isNotNull(milestoneThreadMessages.authorId)));
    const people = new Set<string>();
    if (thread.createdById) people.add(thread.createdById);
    for (const { authorId } of authors) if (authorId) people.add(authorId);
    return { title: thread.title, peopleIds: [...people] };
  }

  /**
   * Chat messages unread for at least `minutes` (and sent within the last day, so a first run
   * does not dig up old history), per member and room: rooms they are still in and did not mute,
   * bots' rooms and their own messages left out. At most `limit` runs at a time.
   */
  async findUnreadChatRuns(minutes: number, limit: number): Promise<UnreadChatRun[]> {
    const sender = alias(accounts, 'sender');
    const rows = await this.db
      .select({
        accountId: chatParticipants.accountId,
        roomId: chatParticipants.roomId,
        roomType: chatRooms.type,
        roomName: chatRooms.name,
        firstSeq: sql<number>`min(${chatMessages.seq})`.mapWith(Number),
        unread: sql<number>`count(*)`.mapWith(Number),
        latestSenderId: sql<string | null>`(array_agg(${chatMessages.senderId} order by ${chatMessages.seq} desc))[1]`,
        latestSenderName: sql<string | null>`(array_agg(${sender.name} order by ${chatMessages.seq} desc))[1]`,
      })
      .from(chatParticipants)
      .innerJoin(chatRooms, and(eq(chatRooms.id, chatParticipants.roomId), sql`${chatRooms.type} <> 'bot'`))
      .innerJoin(
        chatMessages,
        and(
          eq(chatMessages.roomId, chatParticipants.roomId),
          sql`${chatMessages.seq} > ${chatParticipants.readSeq}`,
          isNotNull(chatMessages.senderId),
          sql`${chatMessages.senderId} <> ${chatParticipants.accountId}`,
          sql`${chatMessages.createdAt} <= now() - make_interval(mins => ${minutes})`,
          sql`${chatMessages.createdAt} > now() - interval '1 day'`,
        ),
      )
      .leftJoin(sender, eq(sender.id, chatMessages.senderId))
      .where(and(sql`${chatParticipants.leftAt} is null`, sql`${chatParticipants.mutedAt} is null`))
      .groupBy(chatParticipants.accountId, chatParticipants.roomId, chatRooms.type, chatRooms.name)
      .limit(limit);
    return rows.map((row) => ({
      accountId: row.accountId,
      roomId: row.roomId,
      roomType: row.roomType,
      roomName: row.roomName,
      firstSeq: row.firstSeq,
      unread: row.unread,
      latestSender:
        row.latestSenderId && row.latestSenderName ? { id: row.latestSenderId, name: row.latestSenderName } : null,
    }));
  }
}
