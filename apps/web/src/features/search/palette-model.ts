import type { SearchResponse } from '@deckvalid/contract/search';
import { paths } from '@/config/paths';

/** The signed-in area the palette serves: its links and actions differ. */
export type PaletteArea = 'founder' | 'investor';

/** What choosing an entry does: go to a page, open a chat room, or open a chat with someone. */
export type PaletteTarget =
  | { kind: 'path'; to: string }
  | { kind: 'room'; roomId: string }
  | { kind: 'person'; personId: string };

export type PaletteEntry = { id: string; label: string; description?: string; target: PaletteTarget };

export type PaletteGroup = { label: string; entries: PaletteEntry[] };

/** A milestone's page for the area. */
const milestonePath = (area: PaletteArea, milestoneId: string) =>
  area === 'founder' ? paths.founder.milestone(milestoneId) : paths.investor.milestone(milestoneId);

/** A task opens in its milestone's board drawer; `?task=` takes its key (LDG-12). */
export function taskPath(area: PaletteArea, milestoneId: string, taskKey: string): string {
  return `${milestonePath(area, milestoneId)}?${new URLSearchParams({ tab: 'board', task: taskKey })}`;
}

/**
 * The search answer as the palette's groups, in a fixed order (decks, milestones, tasks, rooms,
 * people); kinds with nothing found are left out so the empty state shows when all are.
 */
export function paletteGroupsOf(result: SearchResponse, area: PaletteArea): PaletteGroup[] {
  const groups: PaletteGroup[] = [
    {
      label: 'Pitch decks',
      entries: result.decks.map((deck) => ({
        id: `deck:${deck.id}`,
        label: deck.title,
        description: deck.companyName,
        target: {
          kind: 'path',
          to: area === 'founder' ? paths.founder.view(deck.id) : paths.investor.pitchDeck(deck.id),
        },
      })),
    },
    {
      label: 'Milestones',
      entries: result.milestones.map((milestone) => ({
        id: `milestone:${milestone.id}`,
        label: milestone.title,
        description: milestone.deckTitle,
        target: { kind: 'path', to: milestonePath(area, milestone.id) },
      })),
    },
    {
      label: 'Tasks',
      entries: result.tasks.map((task) => ({
        id: `task:${task.id}`,
        label: `${task.key} ${task.title}`,
        description: task.milestoneTitle,
        target: { kind: 'path', to: taskPath(area, task.milestoneId, task.key) },
      })),
    },
    {
      label: 'Chat rooms',
      entries: result.rooms.map((room) => ({
        id: `room:${room.id}`,
        label: room.name,
        description: room.type === 'group' ? 'Group conversation' : 'Conversation',
        target: { kind: 'room', roomId: room.id },
      })),
    },
    {
      label: 'People',
      entries: result.people.map((person) => ({
        id: `person:${person.id}`,
        label: person.name,
        description: person.role === 'investor' ? 'Investor · message' : 'Founder · message',
        target: { kind: 'person', personId: person.id },
      })),
    },
  ];
  return groups.filter((group) => group.entries.length > 0);
}

/** The milestone id of a milestone page's path in the area, or null elsewhere. */
export function milestoneIdOfPath(area: PaletteArea, pathname: string): string | null {
  const prefix = `${area === 'founder' ? paths.founder.milestones : paths.investor.milestones}/`;
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length);
  return rest === '' || rest.includes('/') ? null : decodeURIComponent(rest);
}

/**
 * Where "New task" goes: on a milestone's page, its board with the Add task form open
 * (`?new=task`); anywhere else, the milestones list, to pick the milestone first.
 */
export function newTaskPath(pathname: string): string {
  const milestoneId = milestoneIdOfPath('founder', pathname);
  return milestoneId === null
    ? paths.founder.milestones
    : `${paths.founder.milestone(milestoneId)}?${new URLSearchParams({ tab: 'board', new: 'task' })}`;
}

/** One line of the shortcuts list: the keys, as shown, and what they do. */
export type Shortcut = { keys: string[]; action: string };

/** The keyboard shortcuts that work in the signed-in areas; `isMac` names ⌘ instead of Ctrl. */
export function shortcutsOf(isMac: boolean): Shortcut[] {
  return [
    { keys: [isMac ? '⌘' : 'Ctrl', 'K'], action: 'Open the command palette' },
    { keys: ['?'], action: 'Show these keyboard shortcuts' },
    { keys: ['↑', '↓'], action: 'Move between results in the palette' },
    { keys: ['Enter'], action: 'Open the highlighted result' },
    { keys: ['Esc'], action: 'Close the palette or this list' },
  ];
}

/** True on Apple systems, where the palette's modifier is ⌘. */
export function isApplePlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/**
 * True when a key press lands in something that takes text (a field, an editor), where "?" is a
 * character typed and not a shortcut.
 */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    // Buttons and boxes take no text: "?" there is still a shortcut.
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
  }
  return target.getAttribute('role') === 'textbox';
}

/** True for the "?" that opens the shortcuts list: no Ctrl, ⌘ or Alt, outside text entry. */
export function isShortcutsKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>) {
  return event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextEntry(event.target);
}
