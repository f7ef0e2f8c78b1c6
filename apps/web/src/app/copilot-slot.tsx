import { lazy, Suspense } from 'react';
import type { ChatBotConversationProps, ChatBotSlot } from '@/features/chat/chat-bot-slot';

// The copilot's own chunk: founders, who never see it, never download it.
const CopilotStartCard = lazy(() =>
  import('@/features/copilot/components/copilot-start-card').then((module) => ({ default: module.CopilotStartCard })),
);
const CopilotConversation = lazy(() =>
  import('@/features/copilot/components/copilot-conversation').then((module) => ({
    default: module.CopilotConversation,
  })),
);

/**
 * The investor copilot inside the chat widget (spec §2, issue 20), composed here because it joins
 * two features: the widget (chat) renders the card and the bot room through this slot, the
 * copilot feature supplies them. Each waits for its chunk in its own boundary, so the widget's
 * launcher and room list never blink while it loads.
 */
export const copilotChatSlot: ChatBotSlot = {
  StartCard: (props) => (
    <Suspense fallback={null}>
      <CopilotStartCard {...props} />
    </Suspense>
  ),
  Conversation: (props: ChatBotConversationProps) => (
    <Suspense fallback={null}>
      <CopilotConversation {...props} />
    </Suspense>
  ),
};
