import { notifications } from '@mantine/notifications';
import { describeApiError } from '@/shared/api/api-error';
import { useOpenPrivateChatRoomMutation } from '@/shared/api/chat-open-api';
import { dispatchChatOpen } from '@/shared/lib/chat-open-event';

/**
 * Opens (or reopens) the private conversation with `participantId` in the chat widget. A refusal
 * (no longer tied, account gone) is shown as the server's sentence in a toast.
 */
export function useOpenChat() {
  const [openRoom, state] = useOpenPrivateChatRoomMutation();

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
