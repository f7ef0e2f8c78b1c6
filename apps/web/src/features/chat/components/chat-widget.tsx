import type { Tokens } from '@deckvalid/contract/auth';
import type { ChatRoom } from '@deckvalid/contract/chat';
import type { LiveNotification } from '@deckvalid/contract/notifications';
import { ActionIcon, Badge, Box, CloseButton, FocusTrap, Group, Paper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { IconMessages, IconX } from '@tabler/icons-react';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { chatApi } from '../chat-api';
import type { ChatBotSlot } from '../chat-bot-slot';
import { totalUnread, unreadBadgeLabel } from '../chat-model';
import { selectThread } from '../chat-slice';
import { type ChatMe, useChat } from '../hooks/use-chat';
import { ChatConversation } from './chat-conversation';
import { ChatProvider } from './chat-provider';
import { ChatRoomList } from './chat-room-list';
import { ChatStart } from './chat-start';

/** Above page content and the workspace header, below Mantine's modals (200) and toasts. */
const widgetZIndex = 190;

/** The `sm` breakpoint (spec: mobile ≤ 48em), where the panel takes the whole screen. */
const mobileQuery = '(max-width: 48em)';

function ConnectionDot({ isConnected }: { isConnected: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid="chat-connection" data-connected={isConnected}>
      <Box
        w={8}
        h={8}
        bg={isConnected ? 'teal.7' : 'gray.5'}
        style={{ borderRadius: '50%', flex: 'none' }}
        aria-hidden
      />
      <Text fz="xs" c="dimmed">
        {isConnected ? 'Connected' : 'Disconnected'}
      </Text>
    </Group>
  );
}

function ChatLauncher({ title, buttonRef }: { title: string; buttonRef: Ref<HTMLButtonElement> }) {
  const chat = useChat();
  const unread = totalUnread(chat.rooms);
  const badge = unreadBadgeLabel(unread);
  const name = `${chat.isPanelOpen ? 'Close' : 'Open'} ${title}${
    unread > 0 ? `, ${unread} unread message${unread === 1 ? '' : 's'}` : ''
  }`;
  return (
    <Box pos="relative">
      <ActionIcon
        ref={buttonRef}
        size={56}
        radius="xl"
        variant="filled"
        aria-label={name}
        aria-expanded={chat.isPanelOpen}
        aria-haspopup="dialog"
        onClick={() => (chat.isPanelOpen ? chat.closePanel() : chat.openPanel())}
        style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        data-testid="chat-launcher"
      >
        {chat.isPanelOpen ? <IconX size={26} aria-hidden /> : <IconMessages size={26} aria-hidden />}
      </ActionIcon>
      {badge ? (
        <Badge
          color="red.9"
          size="md"
          pos="absolute"
          top={-4}
          right={-4}
          px={6}
          style={{ pointerEvents: 'none', border: '2px solid white' }}
          aria-hidden
          data-testid="chat-unread-badge"
        >
          {badge}
        </Badge>
      ) : null}
    </Box>
  );
}

/**
 * A bot room's conversation (the copilot's, given by app/): the chat session's thread of the
 * room, so history, catch-up and live messages from the investor's other devices stay one.
 */
function ChatBotRoom({
  bot,
  room,
  onBack,
  onLeave,
  composerRef,
}: {
  bot: ChatBotSlot;
  room: ChatRoom;
  onBack: (() => void) | null;
  onLeave: () => void;
  composerRef: Ref<HTMLTextAreaElement>;
}) {
  const chat = useChat();
  const thread = selectThread(chat.state, room.id);
  const { loadHistory, loadOlder, receiveStored } = chat;
  const Conversation = bot.Conversation;
  return (
    <Conversation
      room={room}
      messages={thread.messages}
      status={thread.status}
      error={thread.error}
      hasOlder={thread.hasOlder}
      isLoadingOlder={thread.isLoadingOlder}
      onLoadHistory={() => loadHistory(room.id)}
      onLoadOlder={() => loadOlder(room.id)}
      onStored={receiveStored}
      onBack={onBack}
      onLeave={onLeave}
      composerRef={composerRef}
    />
  );
}

function ChatPanel({ title, bot, onClose }: { title: string; bot: ChatBotSlot | undefined; onClose: () => void }) {
  const chat = useChat();
  const storeDispatch = useDispatch<ThunkDispatch<never, unknown, UnknownAction>>();
  const headingId = useId();
  const isMobile = useMediaQuery(mobileQuery, false, { getInitialValueInEffect: false });
  const searchRef = useRef<HTMLInputElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const activeRoom = chat.rooms.find((room) => room.id === chat.activeRoomId) ?? null;
  /** "New" replaces the room list until a conversation opens or the person goes back. */
  const [isStarting, setIsStarting] = useState(false);
  // Back from "New" to the list: the search box takes the focus the start view had.
  const wasStartingRef = useRef(false);
  useEffect(() => {
    if (wasStartingRef.current && !isStarting && !chat.activeRoomId) searchRef.current?.focus();
    wasStartingRef.current = isStarting;
  }, [isStarting, chat.activeRoomId]);
  const isShowingConversation = chat.activeRoomId !== null && !isStarting;

  // Focus follows the view: the composer when a conversation opens, the search on the list.
  // Keyed on the room's id, not its object, which every new message replaces.
  const hasActiveRoom = activeRoom !== null;
  useEffect(() => {
    if (chat.activeRoomId && hasActiveRoom) composerRef.current?.focus();
    else if (!chat.activeRoomId) searchRef.current?.focus();
  }, [chat.activeRoomId, hasActiveRoom]);

  // The bot's card opened (or made) its room: listed at once, before the socket's room event.
  const handleBotRoomOpened = (room: ChatRoom) => {
    storeDispatch(
      chatApi.util.updateQueryData('chatRooms', chat.me.id, (rooms) => {
        if (!rooms.some((held) => held.id === room.id)) rooms.unshift(room);
      }),
    );
    chat.selectRoom(room.id);
  };
  const hasBotRoom = chat.rooms.some((room) => room.type === 'bot');
  const botCard =
    bot && !hasBotRoom && !chat.isLoadingRooms && !chat.roomsError ? (
      <bot.StartCard onOpened={handleBotRoomOpened} />
    ) : null;

  const conversation = activeRoom ? (
    bot && activeRoom.type === 'bot' ? (
      <ChatBotRoom
        key={activeRoom.id}
        bot={bot}
        room={activeRoom}
        onBack={isMobile ? () => chat.selectRoom(null) : null}
        onLeave={onClose}
        composerRef={composerRef}
      />
    ) : (
      <ChatConversation
        key={activeRoom.id}
        room={activeRoom}
        onBack={isMobile ? () => chat.selectRoom(null) : null}
        composerRef={composerRef}
      />
    )
  ) : (
    <Group justify="center" h="100%" p="md">
      <Text c="dimmed" fz="sm" role={chat.activeRoomId ? 'status' : undefined}>
        {chat.activeRoomId ? 'Loading rooms…' : 'Select a conversation'}
      </Text>
    </Group>
  );

  const roomList = isStarting ? (
    <ChatStart
      onCancel={() => setIsStarting(false)}
      onOpened={(roomId) => {
        setIsStarting(false);
        chat.selectRoom(roomId);
      }}
    />
  ) : (
    <ChatRoomList
      rooms={chat.rooms}
      myId={chat.me.id}
      activeRoomId={chat.activeRoomId}
      isLoading={chat.isLoadingRooms}
      error={chat.roomsError}
      onSelect={(roomId) => chat.selectRoom(roomId)}
      onRetry={chat.reloadRooms}
      searchRef={searchRef}
      onStart={() => setIsStarting(true)}
      onOpenHit={chat.openAtMessage}
      header={botCard}
    />
  );

  return (
    // Full-screen on a phone, the panel is modal: Tab stays inside until it closes.
    <FocusTrap active={isMobile}>
      <Paper
        role="dialog"
        aria-modal={isMobile}
        aria-labelledby={headingId}
        shadow="xl"
        radius={isMobile ? 0 : 'lg'}
        withBorder={!isMobile}
        data-testid="chat-panel"
        style={{
          position: 'fixed',
          zIndex: widgetZIndex,
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
          ...(isMobile
            ? { inset: 0 }
            : {
                right: 24,
                bottom: 96,
                width: 'min(780px, calc(100vw - 48px))',
                height: 'min(600px, calc(100vh - 140px))',
              }),
        }}
      >
        <Group
          justify="space-between"
          wrap="nowrap"
          px="md"
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', flex: 'none' }}
        >
          <Group gap="md" wrap="nowrap">
            <Title order={2} fz="md" id={headingId}>
              {title}
            </Title>
            <ConnectionDot isConnected={chat.isConnected} />
          </Group>
          <CloseButton aria-label={`Close ${title}`} onClick={onClose} />
        </Group>
        <Box style={{ flex: 1, minHeight: 0, display: 'flex' }}>
          {isMobile ? (
            <Box style={{ flex: 1, minWidth: 0 }}>{isShowingConversation ? conversation : roomList}</Box>
          ) : (
            <>
              <Box
                component="section"
                aria-label="Rooms"
                w={280}
                style={{ flex: 'none', borderRight: '1px solid var(--mantine-color-gray-3)' }}
              >
                {roomList}
              </Box>
              <Box component="section" aria-label="Conversation" style={{ flex: 1, minWidth: 0 }}>
                {conversation}
              </Box>
            </>
          )}
        </Box>
      </Paper>
    </FocusTrap>
  );
}

function ChatWidgetView({ title, bot }: { title: string; bot: ChatBotSlot | undefined }) {
  const chat = useChat();
  const launcherRef = useRef<HTMLButtonElement>(null);
  const isMobile = useMediaQuery(mobileQuery, false, { getInitialValueInEffect: false });
  const { isPanelOpen, closePanel } = chat;

  const handleClose = () => {
    closePanel();
    launcherRef.current?.focus();
  };

  // Esc closes the panel from anywhere inside it (or on the launcher), like every overlay; a key
  // another overlay already handled is left alone, and ours is marked handled for the shell's.
  useEffect(() => {
    if (!isPanelOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target as Node | null;
      const isOurs =
        target instanceof Node &&
        (document.querySelector('[data-testid="chat-panel"]')?.contains(target) ||
          launcherRef.current?.contains(target));
      if (!isOurs) return;
      event.preventDefault();
      closePanel();
      launcherRef.current?.focus();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [isPanelOpen, closePanel]);

  return (
    <>
      {isPanelOpen ? <ChatPanel title={title} bot={bot} onClose={handleClose} /> : null}
      {/* On a phone the open panel covers the screen and has its own close button. */}
      <Box
        pos="fixed"
        right={24}
        bottom={24}
        style={{ zIndex: widgetZIndex, display: isPanelOpen && isMobile ? 'none' : undefined }}
      >
        <ChatLauncher title={title} buttonRef={launcherRef} />
      </Box>
    </>
  );
}

type ChatWidgetProps = {
  /** 'Founder Chat' or 'Investor Chat' (spec §2). */
  title: string;
  tokens: Tokens;
  me: ChatMe;
  onLiveNotification?: (notification: LiveNotification) => void;
  /** A bot's card and room (the investor's copilot), composed by app/; none for founders. */
  bot?: ChatBotSlot;
};

/**
 * The floating chat of a signed-in area (spec §2): a launcher with the unread total and a panel
 * with the room list and a conversation. Its ChatProvider owns the session's socket, so mount
 * it keyed by the session: a new session is a new widget.
 */
export function ChatWidget({ title, tokens, me, onLiveNotification, bot }: ChatWidgetProps) {
  return (
    <ChatProvider tokens={tokens} me={me} onLiveNotification={onLiveNotification}>
      <ChatWidgetView title={title} bot={bot} />
    </ChatProvider>
  );
}
