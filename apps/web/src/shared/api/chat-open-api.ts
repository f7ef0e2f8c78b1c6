import { type ChatRoomResponse, chatPaths, type OpenPrivateRoomBody } from '@deckvalid/contract/chat';
import { api } from './api';

/**
 * POST /api/v1/chats/rooms/private: the pair's one room, created on first ask (docs/chat.md).
 * Shared rather than in features/chat because conversations start from other features too (an
 * interest row, a deck page), which may not import the chat feature; the widget's "New" view
 * uses this same definition. The room list and contacts are read again, and the server also
 * tells both participants' sockets (`chat:room_opened`).
 */
export const chatOpenApi = api.injectEndpoints({
  endpoints: (build) => ({
    openPrivateChatRoom: build.mutation<ChatRoomResponse, OpenPrivateRoomBody>({
      query: (body) => ({ url: chatPaths.privateRoom, method: 'POST', body }),
      invalidatesTags: [{ type: 'ChatRoom', id: 'LIST' }],
    }),
  }),
});

export const { useOpenPrivateChatRoomMutation } = chatOpenApi;
