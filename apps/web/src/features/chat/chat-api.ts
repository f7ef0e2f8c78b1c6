import {
  type ChatContact,
  type ChatContactsResponse,
  type ChatMessagesResponse,
  type ChatRoom,
  type ChatRoomOnlyResponse,
  type ChatRoomResponse,
  type ChatRoomsResponse,
  type ChatSearchResponse,
  type CreateGroupRoomBody,
  chatLimits,
  chatPaths,
  type MuteChatRoomResponse,
} from '@deckvalid/contract/chat';
import { maxPageSize } from '@deckvalid/contract/pagination';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '@/shared/api/api';

const chatRoomsTag = { type: 'ChatRoom', id: 'LIST' } as const;

/**
 * The most pages of rooms the widget reads (100 each): its search, unread badge and live updates
 * work on the whole list, which nobody holds thousands of.
 */
const roomPagesRead = 10;

/**
 * What a page of history is asked with: the newest page, a page before a seq, a catch-up, or the
 * catch-up of changes (edits, deletions, reactions after a change number).
 */
export type ChatMessagesArgs = { roomId: string; limit?: number } & (
  | { before?: number }
  | { afterSeq: number }
  | { changedAfterRev: number }
);

/**
 * The chat calls (spec §7 Chat API). The room list is an RTK Query cache entry that socket events
 * patch (new message, read move) and a reconnect refetches. Its argument is the account id: it
 * is not sent, but it gives each account its own cache entry, so a second person signing in in
 * the same tab never sees the first one's rooms for a frame. Message pages are fetched by the
 * chat session (ChatProvider) and merged by seq into its own state, which a cache keyed by
 * request could not do.
 */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The list is paginated (docs/api.md); the widget reads it page after page into one list.
    chatRooms: build.query<ChatRoom[], string>({
      async queryFn(_accountId, _api, _options, baseQuery) {
        const rooms: ChatRoom[] = [];
        for (let page = 1; page <= roomPagesRead; page++) {
          const result = await baseQuery({ url: chatPaths.rooms, params: { page, limit: maxPageSize } });
          if (result.error) return { error: result.error as FetchBaseQueryError };
          const answer = result.data as ChatRoomsResponse;
          // A room that moved up between two pages would show twice.
          rooms.push(...answer.rooms.filter((room) => !rooms.some((held) => held.id === room.id)));
          if (!answer.meta.hasMore) break;
        }
        return { data: rooms };
      },
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
    // Membership (docs/chat.md): the server also tells every tab by socket; the list is read again here
    // so this tab shows the change even before that event.
    muteChatRoom: build.mutation<MuteChatRoomResponse, { roomId: string; muted: boolean }>({
      query: ({ roomId, muted }) => ({ url: chatPaths.mute(roomId), method: 'PUT', body: { muted } }),
      invalidatesTags: [chatRoomsTag],
    }),
    leaveChatRoom: build.mutation<void, string>({
      query: (roomId) => ({ url: chatPaths.leave(roomId), method: 'POST' }),
      invalidatesTags: [chatRoomsTag],
    }),
    removeChatMember: build.mutation<void, { roomId: string; accountId: string }>({
      query: ({ roomId, accountId }) => ({ url: chatPaths.member(roomId, accountId), method: 'DELETE' }),
      invalidatesTags: [chatRoomsTag],
    }),
    // Starting conversations (docs/chat.md, "Starting and finding"). Contacts are read when the
    // "New" view opens; nobody is tied to thousands, so one page of 100 holds them.
    chatContacts: build.query<ChatContact[], void>({
      query: () => ({ url: chatPaths.contacts, params: { limit: maxPageSize } }),
      transformResponse: (answer: ChatContactsResponse) => answer.data,
      providesTags: [chatRoomsTag],
    }),
    createGroupChatRoom: build.mutation<ChatRoomResponse, CreateGroupRoomBody>({
      query: (body) => ({ url: chatPaths.groupRoom, method: 'POST', body }),
      invalidatesTags: [chatRoomsTag],
    }),
    renameChatRoom: build.mutation<ChatRoomOnlyResponse, { roomId: string; name: string }>({
      query: ({ roomId, name }) => ({ url: chatPaths.room(roomId), method: 'PATCH', body: { name } }),
      invalidatesTags: [chatRoomsTag],
    }),
    addChatMembers: build.mutation<ChatRoomOnlyResponse, { roomId: string; participantIds: string[] }>({
      query: ({ roomId, participantIds }) => ({
        url: chatPaths.members(roomId),
        method: 'POST',
        body: { participantIds },
      }),
      invalidatesTags: [chatRoomsTag],
    }),
    // Server-side message search; results change with every message, so nothing is kept long.
    searchChatMessages: build.query<ChatSearchResponse, { q: string; page?: number }>({
      query: ({ q, page = 1 }) => ({ url: chatPaths.search, params: { q, page, limit: 20 } }),
      keepUnusedDataFor: 5,
    }),
  }),
});

export const {
  useChatRoomsQuery,
  useMuteChatRoomMutation,
  useLeaveChatRoomMutation,
  useRemoveChatMemberMutation,
  useChatContactsQuery,
  useCreateGroupChatRoomMutation,
  useRenameChatRoomMutation,
  useAddChatMembersMutation,
  useSearchChatMessagesQuery,
} = chatApi;

/** Refetches every cached room list (a reconnect, a room that opened elsewhere). */
export const refetchChatRooms = () => chatApi.util.invalidateTags([chatRoomsTag]);
