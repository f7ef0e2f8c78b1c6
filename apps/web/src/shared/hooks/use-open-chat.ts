import { type ChatRoomResponse, chatPaths, type OpenPrivateRoomBody } from '@deckvalid/contract/chat';
import { notifications } from '@mantine/notifications';
import { api } from '@/shared/api/api';
import { describeApiError } from '@/shared/api/api-error';
import { dispatchChatOpen } from '@/shared/lib/chat-open-event';

/**
 * POST /api/v1/chats/rooms/private: the pair's one room, created on first ask (docs/chat.md).
 * Here rather than in features/chat because the buttons that start a conversation sit in other
 * features (an interest row, a deck page), which may not import the chat feature. The server
 * tells both participants' sockets about a new room (`chat:room_opened`), so the widget's room
 * list needs no tag from here.
 */
const openChatApi = api.injectEndpoints({
  endpoints: (build) => ({
    openPrivateChatRoom: build.mutation<ChatRoomResponse, OpenPrivateRoomBody>({
      query: (body) => ({ url: chatPaths.privateRoom, method: 'POST', body }),
    }),
  }),
});

/**
 * Opens (or reopens) the private conversation with `participantId` in the chat widget. A refusal
 * (no longer tied, account gone) is shown as the server's sentence in a toast.
 */
export function useOpenChat() {
  const [openRoom, state] = openChatApi.useOpenPrivateChatRoomMutation();

  const openChat = async (participantId: string): Promise<boolean> => {
    const result = await openRoom({ participantId });
    if ('error' in result) {
      notifications.show({
        color: 'red',
        title: "We couldn't open the conversation",
        message: describeApiError(result.error).message,
      });
      return false;
    }
    dispatchChatOpen(result.data.room.id);
    return true;
  };

  return { openChat, isOpening: state.isLoading };
}
