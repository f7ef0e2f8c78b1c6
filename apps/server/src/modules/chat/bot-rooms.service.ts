import { copilotName } from '@deckvalid/contract/ai';
import type { ChatMessage, ChatRoom } from '@deckvalid/contract/chat';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { canAskInBotRoom, canOpenBotRoom } from './chat.policy';
import type { ChatRepository } from './chat.repository';
import { type ChatService, memberIdsOf, subjectOf, toMessage } from './chat.service';
import type { ChatFanout } from './chat.socket';

/** A question and the copilot's answer as the bot room stores them. */
export type BotExchange = { question: ChatMessage; answer: ChatMessage };

const notFound = () => new AppError('NOT_FOUND', 'This conversation does not exist.');

/**
 * The investor's copilot room (type `bot`, one per investor, docs/chat.md "The copilot room"):
 * opened from the widget's card or on the first ask, titled with the product's AI name. The
 * copilot's messages have no sender; in a bot room that is how the web recognises them. The ai
 * module calls this service, never the chat repository.
 */
export class BotRoomsService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly chat: Pick<ChatService, 'getRoom'>,
    private readonly fanout: Pick<ChatFanout, 'roomOpened' | 'messagesStored'>,
  ) {}

  /** POST /api/v1/chats/rooms/private/bot: the caller's bot room, made on first ask; founders 403. */
  async open(principal: Principal): Promise<{ room: ChatRoom; created: boolean }> {
    if (!canOpenBotRoom(principal)) {
      throw new AppError('FORBIDDEN', 'The AI copilot is for investors.');
    }
    const { roomId, created } = await this.repo.openBotRoom(principal.accountId, copilotName);
    // The investor's other tabs list the room at once, as any room made with them.
    if (created) this.fanout.roomOpened(roomId, [principal.accountId]);
    return { room: await this.chat.getRoom(principal, roomId), created };
  }

  /** The room if it is the caller's bot room; anything else (another's, a private room) is 404. */
  async requireOwn(principal: Principal, roomId: string): Promise<void> {
    const room = await this.repo.findRoomForMember(roomId, principal.accountId);
    if (!room || !canAskInBotRoom(principal, subjectOf(room))) throw notFound();
  }

  /**
   * Stores a question and its answer as the room's next two messages, in one transaction, and
   * tells the investor's tabs. `answerId` is the caller's, which keys the structured answer by it.
   */
  async storeExchange(
    principal: Principal,
    roomId: string,
    exchange: { question: string; answerId: string; answer: string },
  ): Promise<BotExchange> {
    const room = await this.repo.findRoomForMember(roomId, principal.accountId);
    if (!room || !canAskInBotRoom(principal, subjectOf(room))) throw notFound();
    const stored = await this.repo.insertBotExchange({ roomId, investorId: principal.accountId, ...exchange });
    if (!stored) throw notFound();
    // The investor's watermark is past both: neither counts as unread, and no receipts are due.
    const participants = room.participants.map((participant) => ({ ...participant, readSeq: 0, readAt: null }));
    const messages = {
      question: toMessage(stored.question, participants),
      answer: toMessage(stored.answer, participants),
    };
    this.fanout.messagesStored([messages.question, messages.answer], memberIdsOf(room));
    return messages;
  }
}
