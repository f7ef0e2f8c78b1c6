import { ActionIcon, Badge, Center, CloseButton, Group, Kbd, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { createSpotlight, Spotlight, type SpotlightActionData, useSpotlight } from '@mantine/spotlight';
import {
  IconBriefcase,
  IconCheckbox,
  IconFileUpload,
  IconFlag3,
  IconMessages,
  IconPlus,
  IconPresentation,
  IconSearch,
  IconUser,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useOpenChat } from '@/shared/hooks/use-open-chat';
import { dispatchChatOpen } from '@/shared/lib/chat-open-event';
import {
  newTaskPath,
  type PaletteArea,
  type PaletteEntry,
  type PaletteGroup,
  type PaletteTarget,
  paletteGroupsOf,
} from '../palette-model';
import { useLazySearchQuery, useSearchQuery } from '../search-api';

/** Typing settles for this long before the server is asked. */
const debounceMs = 200;

const groupIcons: Record<string, ReactNode> = {
  'Pitch decks': <IconPresentation size={18} aria-hidden />,
  Milestones: <IconFlag3 size={18} aria-hidden />,
  Tasks: <IconCheckbox size={18} aria-hidden />,
  'Chat rooms': <IconMessages size={18} aria-hidden />,
  People: <IconUser size={18} aria-hidden />,
};

/** Out of sight, still read: the dialog's title. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The palette's own open state: the header button, Ctrl/⌘+K and the dialog share it. */
const [paletteStore, palette] = createSpotlight();

/**
 * The command palette of a signed-in area (Ctrl/⌘+K, also from inside a field, as in Linear).
 * The dialog is in the page only while it is open or closing: a closed Spotlight still leaves
 * its portal and an unnamed box in the page, content outside every landmark for a screen reader
 * and work for a cold page's first render.
 */
export function CommandPalette({ area }: { area: PaletteArea }) {
  const navigate = useNavigate();
  const { openChat } = useOpenChat();
  const [readAll] = useLazySearchQuery();
  const { opened } = useSpotlight(paletteStore);
  const [isMounted, setIsMounted] = useState(opened);
  // Ctrl/⌘+K is no character anyone types, so it opens the palette from inside a field too.
  useHotkeys([['mod+K', () => palette.open()]], [], true);
  useEffect(() => {
    if (opened) setIsMounted(true);
  }, [opened]);

  // What an entry or action starts runs here, in the part that stays: the dialog closes (and
  // leaves the page) at once, while a room may still be on its way.
  const go = (target: PaletteTarget) => {
    if (target.kind === 'path') void navigate(target.to);
    else if (target.kind === 'room') dispatchChatOpen(target.roomId);
    else void openChat(target.personId);
  };
  const openRecentChat = async () => {
    // The most recent conversation (rooms come newest first), else the first person to talk to:
    // from the unfiltered answer, since the words typed ("open chat") name no room.
    const all = await readAll('', true);
    const room = all.data?.rooms[0];
    const person = all.data?.people[0];
    if (room) dispatchChatOpen(room.id);
    else if (person) await openChat(person.id);
    else notifications.show({ message: 'No conversations yet: an interest in a deck opens one.' });
  };

  return isMounted ? (
    <PaletteDialog
      area={area}
      isOpen={opened}
      onClosed={() => setIsMounted(false)}
      go={go}
      openRecentChat={() => void openRecentChat()}
    />
  ) : null;
}

/**
 * The palette itself: actions first, then what the server finds the caller may open, grouped by
 * kind. Arrow keys move through every entry and Enter opens it (Spotlight's own navigation).
 * Chats open through the shared opener, so the chat widget stays the only thing that knows how
 * a room is shown.
 */
function PaletteDialog({
  area,
  isOpen,
  onClosed,
  go,
  openRecentChat,
}: {
  area: PaletteArea;
  isOpen: boolean;
  onClosed: () => void;
  go: (target: PaletteTarget) => void;
  openRecentChat: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query, setQuery] = useState('');
  // Closed is closed: opened again before it has left the page, it starts with an empty query.
  useEffect(() => {
    if (!isOpen) setQuery('');
  }, [isOpen]);
  const [settledQuery] = useDebouncedValue(query.trim(), debounceMs);
  const isPhone = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const search = useSearchQuery(settledQuery, { skip: !isOpen, refetchOnMountOrArgChange: true });
  // While typing runs ahead of the answer, the held answer is for an older query: it is not
  // shown (Enter would open something the words typed no longer name), the loader is.
  const isLoading = isOpen && (search.isFetching || settledQuery !== query.trim());
  const answer = isLoading ? undefined : search.currentData;
  const groups: PaletteGroup[] = answer ? paletteGroupsOf(answer, area) : [];

  const actions: SpotlightActionData[] = [
    ...(area === 'founder'
      ? [
          {
            id: 'action:new-task',
            label: 'New task',
            description: 'Add a task to a milestone',
            leftSection: <IconPlus size={18} aria-hidden />,
            onClick: () => void navigate(newTaskPath(pathname)),
          },
          {
            id: 'action:submit-deck',
            label: 'Submit a deck',
            description: 'Upload a new pitch deck',
            leftSection: <IconFileUpload size={18} aria-hidden />,
            onClick: () => void navigate(paths.founder.submit),
          },
        ]
      : [
          {
            id: 'action:browse-decks',
            label: 'Browse decks',
            description: 'Search every ready deck',
            leftSection: <IconBriefcase size={18} aria-hidden />,
            onClick: () => void navigate(paths.investor.home),
          },
        ]),
    {
      id: 'action:open-chat',
      label: 'Open chat',
      description: 'Your most recent conversation',
      leftSection: <IconMessages size={18} aria-hidden />,
      onClick: openRecentChat,
    },
  ];
  const words = query.trim().toLowerCase();
  const shownActions = actions.filter((action) => !words || action.label?.toLowerCase().includes(words));

  const actionItem = (action: SpotlightActionData) => <Spotlight.Action key={action.id} {...action} />;
  const entryItem = (group: PaletteGroup, entry: PaletteEntry) => (
    <Spotlight.Action
      key={entry.id}
      label={entry.label}
      description={entry.description}
      leftSection={groupIcons[group.label]}
      onClick={() => go(entry.target)}
      data-testid="palette-result"
    />
  );

  const hasResults = shownActions.length > 0 || groups.length > 0;
  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      // The shortcut is CommandPalette's: this dialog is not in the page while closed.
      shortcut={null}
      // Leaves the page once its closing transition ends; the next open starts with an empty query.
      transitionProps={{ onExited: onClosed }}
      // The dialog's name, read by screen readers and kept off the screen: the search field says the rest.
      title="Command palette"
      styles={{ header: visuallyHidden }}
      fullScreen={isPhone}
      maxHeight={isPhone ? '100%' : 480}
      scrollable
    >
      <Spotlight.Search
        placeholder="Search decks, milestones, tasks, chats, people…"
        aria-label="Search or run a command"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSectionWidth={isPhone ? 72 : undefined}
        rightSectionPointerEvents="all"
        rightSection={
          <Group gap={6} wrap="nowrap">
            {isLoading ? <Loader size="xs" aria-label="Searching" data-testid="palette-loading" /> : null}
            {/* Full screen on a phone, with no Esc key: the way out. */}
            {isPhone ? <CloseButton aria-label="Close the palette" onClick={() => palette.close()} /> : null}
          </Group>
        }
      />
      <Spotlight.ActionsList aria-label="Results">
        {shownActions.length > 0 ? (
          <Spotlight.ActionsGroup label="Actions">{shownActions.map(actionItem)}</Spotlight.ActionsGroup>
        ) : null}
        {groups.map((group) => (
          <Spotlight.ActionsGroup key={group.label} label={group.label}>
            {group.entries.map((entry) => entryItem(group, entry))}
          </Spotlight.ActionsGroup>
        ))}
        {!hasResults && !isLoading ? (
          <Spotlight.Empty data-testid="palette-empty">
            <Stack gap={4} align="center">
              <Text fw={500}>Nothing found</Text>
              <Text size="sm" c="dimmed">
                Try another word: decks, milestones, tasks (or a key like LDG-12), chats and people.
              </Text>
            </Stack>
          </Spotlight.Empty>
        ) : null}
        {!hasResults && isLoading ? (
          <Center py="lg">
            <Loader size="sm" aria-label="Searching" />
          </Center>
        ) : null}
      </Spotlight.ActionsList>
      <Spotlight.Footer visibleFrom="xs">
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move, <Kbd size="xs">Enter</Kbd> to open
          </Text>
          <Badge variant="light" size="sm">
            ? for shortcuts
          </Badge>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}

/** Opens the palette: the header's search button (and a phone's only way in). */
export const openCommandPalette = () => palette.open();

/** The header's way into the palette: a phone has no Ctrl/⌘+K, and a mouse user may not know it. */
export function CommandPaletteButton() {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={openCommandPalette}
      aria-label="Search and commands (Ctrl+K)"
      title="Search and commands (Ctrl+K)"
      data-testid="palette-button"
    >
      <IconSearch size={20} aria-hidden />
    </ActionIcon>
  );
}
