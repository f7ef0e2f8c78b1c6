import type { ChatMessage } from '@deckvalid/contract/chat';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatThread } from '../chat-slice';
import { ChatMessageList } from './chat-message-list';

function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `msg-${seq}`,
    chatRoomId: 'room-1',
    seq,
    senderId: 'inv-1',
    senderRole: 'investor',
    content: `message ${seq}`,
    type: 'text',
    createdAt: `2026-01-01T10:0${seq}:00.000Z`,
    clientId: null,
    readBy: [],
    sender: { id: 'inv-1', name: 'Ravi Rao', role: 'investor' },
    rev: 0,
    editedAt: null,
    deletedAt: null,
    replyTo: null,
    reactions: [],
    ...overrides,
  };
}

function renderList(messages: ChatMessage[]) {
  const thread: ChatThread = {
    messages,
    pending: [],
    notices: [],
    status: 'ready',
    lastRev: 0,
    error: null,
    hasOlder: false,
    isLoadingOlder: false,
  };
  render(
    <MantineProvider>
      <ChatMessageList
        thread={thread}
        myId="usr-1"
        isGroup={false}
        label="Messages with Ravi Rao"
        onLoadOlder={vi.fn()}
        onReadUpTo={vi.fn()}
        onRetry={vi.fn()}
        onDiscard={vi.fn()}
      />
    </MantineProvider>,
  );
  return screen.getAllByTestId('chat-message-content');
}

describe('ChatMessageList', () => {
  it('links http(s) URLs in a message and shows markup as the characters typed', () => {
    const content = 'Deck: https://example.com/deck?v=2. Not <b>x</b>\nnor javascript:alert(1)';
    const mine = message(2, { content: 'Mine: https://example.com/mine', senderId: 'usr-1' });
    const [bubble, myBubble] = renderList([message(1, { content }), mine]);
    if (!bubble || !myBubble) throw new Error('messages not shown');

    const link = within(bubble).getByRole('link', { name: 'https://example.com/deck?v=2' });
    expect(link.getAttribute('href')).toBe('https://example.com/deck?v=2');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(bubble).getAllByRole('link')).toHaveLength(1);

    // The whole text survives, line break and markup included, and no element came of the markup.
    expect(bubble.textContent).toBe(content);
    expect(bubble.querySelector('b, script')).toBeNull();

    // Links take each bubble's own text colour, which has contrast on it; the theme's indigo would not.
    for (const each of [link, within(myBubble).getByRole('link')]) expect(each.style.color).toBe('inherit');
  });
});
