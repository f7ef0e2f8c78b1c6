import type {
  ChatContactsResponse,
  ChatRoomsQuery,
  ChatSearchQuery,
  ChatSearchResponse,
} from '@deckvalid/contract/chat';
import { pageMeta } from '@deckvalid/contract/pagination';
import { queryWordsOf } from '@deckvalid/contract/search';
import type { Principal } from '@/core/identity/principal';
import type { ChatRepository, ContactRow } from './chat.repository';
import { type PictureUrls, type TieReader, toMessage } from './chat.service';

/**
 * How people find each other and what was said (docs/chat.md, "Starting and finding"): whom the
 * caller may start a conversation with, and a full-text search over the messages they may read.
 */
export class ChatSearchService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly ties: TieReader,
    private readonly pictures: PictureUrls,
  ) {}

  /**
   * GET /api/v1/chats/contacts: the accounts an interest ties the caller to now (pending or
   * accepted: the chat policy's ties, the ones a private room or a group may be opened with).
   */
  async listContacts(principal: Principal, query: ChatRoomsQuery): Promise<ChatContactsResponse> {
    const ties = await this.ties.tiesOf(principal.accountId);
    const { rows, total } = await this.repo.findContacts(principal.accountId, [...ties], query);
    return {
      data: await Promise.all(
        rows.map(async (row) => ({ ...(await this.toParticipant(row)), privateRoomId: row.privateRoomId })),
      ),
      meta: pageMeta(query, total),
    };
  }

  /**
   * GET /api/v1/chats/search: messages of the rooms the caller is in (and of rooms they left, up
   * to their leave) holding every word of the query, each as a word or the start of one.
   */
  async searchMessages(principal: Principal, query: ChatSearchQuery): Promise<ChatSearchResponse> {
    const { rows, total } = await this.repo.searchMessages(principal.accountId, queryWordsOf(query.q), query);
    return {
      data: rows.map(({ roomType, roomName, ...row }) => ({
        // Receipts are not shown in results: opening the room reads the message with them.
        message: toMessage(row, []),
        room: { id: row.roomId, name: roomName ?? 'Conversation closed', type: roomType },
      })),
      meta: pageMeta(query, total),
    };
  }

  private async toParticipant(row: ContactRow) {
    return {
      id: row.accountId,
      role: row.role,
      name: row.name,
      avatarUrl: row.pictureKey ? await this.pictures.downloadUrl(row.pictureKey) : null,
      userType: row.role === 'investor' ? ('Investor' as const) : ('User' as const),
    };
  }
}
