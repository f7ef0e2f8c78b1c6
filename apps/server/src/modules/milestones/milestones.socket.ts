import {
  type MilestoneLiveChange,
  milestoneRoomPayloadSchema,
  milestoneSocketEvents,
} from '@deckvalid/contract/milestones';
import type { Logger } from 'pino';
import type { Namespace, Socket } from 'socket.io';
import type { MilestoneChange } from '@/core/events';
import type { SocketData } from '@/core/identity/socket-handshake';
import { accountRoom } from '@/realtime/socket';
import { acknowledgedEvents } from '@/realtime/socket-events';
import type { MilestoneGate } from './milestone-gate';
import { canSeeAudience } from './milestones.policy';

/** The socket room of a milestone: the sockets of those who have it open. */
export const milestoneChannel = (milestoneId: string) => `milestone:${milestoneId}`;

/**
 * The room of a milestone's threads with the mentors: its founder's and its mentors' sockets,
 * never an investor's, so what happens there is not heard outside it.
 */
export const milestoneMentorsChannel = (milestoneId: string) => `milestone:${milestoneId}:mentors`;

/**
 * Live milestones on the /chats namespace: a socket joins a milestone's room after the same read
 * check as GET milestones/{id}, hears `milestone:changed` for every change committed there, and is
 * taken out (on every process, through the adapter) the moment its account loses access.
 */
export class MilestoneSockets {
  private namespace: Namespace | undefined;

  constructor(
    private readonly gate: MilestoneGate,
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  attach(namespace: Namespace): void {
    this.namespace = namespace;
    namespace.on('connection', (socket) => this.serve(socket));
  }

  /** After commit: everyone who has the milestone open re-reads what shows the change. */
  changed(change: MilestoneChange & { taskId?: string }): void {
    const payload: MilestoneLiveChange = {
      milestoneId: change.milestoneId,
      taskId: change.taskId ?? null,
      action: change.action,
      actorId: change.actorId,
      activityId: change.activityId,
    };
    const channel =
      change.audience === 'mentors'
        ? milestoneMentorsChannel(change.milestoneId)
        : milestoneChannel(change.milestoneId);
    this.namespace?.to(channel).emit(milestoneSocketEvents.changed, payload);
  }

  /** The account may no longer read these milestones: its sockets leave their rooms and are told. */
  accessEnded(accountId: string, milestoneIds: string[]): void {
    if (!this.namespace || milestoneIds.length === 0) return;
    const sockets = this.namespace.in(accountRoom(accountId));
    // The Redis adapter applies a leave when its request comes back from Redis, even on this
    // process, while this process's broadcasts go out at once: leave locally first, so that no
    // milestone:changed reaches a socket already told its access ended (as the chat rooms do).
    const channels = milestoneIds.flatMap((id) => [milestoneChannel(id), milestoneMentorsChannel(id)]);
    sockets.local.socketsLeave(channels);
    sockets.socketsLeave(channels);
    for (const milestoneId of milestoneIds) {
      this.namespace.to(accountRoom(accountId)).emit(milestoneSocketEvents.accessEnded, { milestoneId });
    }
  }

  private serve(socket: Socket): void {
    const { principal } = socket.data as SocketData;
    const on = acknowledgedEvents(socket, this.logger);
    on([milestoneSocketEvents.join], async (payload) => {
      const { milestoneId } = milestoneRoomPayloadSchema.parse(payload);
      await this.gate.requireReadable(principal, milestoneId);
      await socket.join(
        canSeeAudience(principal, 'mentors')
          ? [milestoneChannel(milestoneId), milestoneMentorsChannel(milestoneId)]
          : milestoneChannel(milestoneId),
      );
      return { milestoneId };
    });
    on([milestoneSocketEvents.leave], async (payload) => {
      const { milestoneId } = milestoneRoomPayloadSchema.parse(payload);
      await Promise.all([
        socket.leave(milestoneChannel(milestoneId)),
        socket.leave(milestoneMentorsChannel(milestoneId)),
      ]);
      return { milestoneId };
    });
  }
}
