import type {
  AiCancelActionResponse,
  AiChatBody,
  AiChatResponse,
  AiConfirmActionResponse,
  AiRepliesResponse,
  AiStoredReply,
} from '@deckvalid/contract/ai';
import { aiPaths } from '@deckvalid/contract/api-paths';
import { type ChatRoomResponse, chatPaths } from '@deckvalid/contract/chat';
import { api } from '@/shared/api/api';

/**
 * What a confirmed action makes stale: the deck (its `myInterest`), the investor's deck search
 * and every interest list, so the interests page shows it. Named here, not imported from the
 * interests feature: features do not import each other.
 */
const staleAfterInterestChange = (pitchDeckId: string) => [
  { type: 'PitchDeck' as const, id: pitchDeckId },
  { type: 'PitchDeck' as const, id: 'INVESTOR_LIST' },
  'Interest' as const,
];

/**
 * The investor copilot's calls (spec §7 POST /api/v1/ai/chat, docs/copilot.md). The conversation
 * itself is the bot room's chat history, held by the chat widget; these calls ask, read the
 * structured part of stored answers, and decide proposed actions.
 */
export const copilotApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The investor's one bot room, made the first time (201) and found after (200). */
    openCopilotRoom: build.mutation<ChatRoomResponse, void>({
      query: () => ({ url: chatPaths.botRoom, method: 'POST' }),
    }),
    /** One question with the recent conversation as context; answers the reply and both stored messages. */
    askCopilot: build.mutation<AiChatResponse, AiChatBody>({
      query: (body) => ({ url: aiPaths.chat, method: 'POST', body }),
    }),
    /**
     * The structured part (citations, table, examples, action and where it stands) of stored
     * answers, after a reload or for answers asked on another device. Read on demand by
     * useCopilotReplies, which keeps what it read: nothing to cache here.
     */
    copilotReplies: build.query<AiStoredReply[], string[]>({
      query: (messageIds) => ({ url: aiPaths.replies, params: { messageIds: messageIds.join(',') } }),
      transformResponse: (answer: AiRepliesResponse) => answer.replies,
      keepUnusedDataFor: 0,
    }),
    confirmCopilotAction: build.mutation<AiConfirmActionResponse, { id: string; pitchDeckId: string }>({
      query: ({ id }) => ({ url: aiPaths.confirmAction(id), method: 'POST' }),
      // On a refusal too: a 409 may mean the 'yes' typed in the room already ran it.
      invalidatesTags: (_result, _error, { pitchDeckId }) => staleAfterInterestChange(pitchDeckId),
    }),
    cancelCopilotAction: build.mutation<AiCancelActionResponse, { id: string }>({
      query: ({ id }) => ({ url: aiPaths.cancelAction(id), method: 'POST' }),
    }),
  }),
});

export const {
  useOpenCopilotRoomMutation,
  useAskCopilotMutation,
  useConfirmCopilotActionMutation,
  useCancelCopilotActionMutation,
} = copilotApi;

/** Interest lists and decks to read again after the copilot may have changed an interest ('yes' in the room). */
export const invalidateInterests = (pitchDeckId: string) =>
  copilotApi.util.invalidateTags(staleAfterInterestChange(pitchDeckId));
