import {
  type ChatMessagesResponse,
  type ChatRoom,
  type ChatRoomsResponse,
  chatLimits,
  chatPaths,
} from '@deckvalid/contract/chat';
import { api } from '@/shared/api/api';

const chatRoomsTag = { type: 'ChatRoom', id: 'LIST' } as const;

/** What a page of history is asked with: the newest page, a page before a seq, or a catch-up. */
export type ChatMessagesArgs = { roomId: string } & ({ before?: number } | { afterSeq: number });

/**
 * The chat calls (spec §7 Chat API). The room list is an RTK Query cache entry that socket events
 * patch (new message, read move) and a reconnect refetches. Its argument is the account id: it
 * is not sent, but it gives each account its own cache entry, so a second person signing in in
 * the same tab never sees the first one's rooms for a frame. Message pages are fetched by the
 * chat session (ChatProvider) and merged by seq into its own state, which a cache keyed by
 * request could not do.
 */
export const chatApi = api.enhanceEndpoints({ addTagTypes: ['ChatRoom'] }).injectEndpoints({
  endpoints: (build) => ({
    chatRooms: build.query<ChatRoom[], string>({
      query: () => chatPaths.rooms,
      transformResponse: (response: ChatRoomsResponse) => response.rooms,
      providesTags: [chatRoomsTag],
    }),
    chatMessages: build.query<ChatMessagesResponse, ChatMessagesArgs>({
      query: ({ roomId, ...range }) => ({
        url: chatPaths.messages(roomId),
        params: { limit: chatLimits.pageSize, ...range },
      }),
      // Each page is merged into the session's state at once; caching it would only hold stale copies.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useChatRoomsQuery } = chatApi;

/** Refetches every cached room list (a reconnect, a room that opened elsewhere). */
export const refetchChatRooms = () => chatApi.util.invalidateTags([chatRoomsTag]);
