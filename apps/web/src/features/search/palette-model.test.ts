import type { SearchResponse } from '@deckvalid/contract/search';
import { describe, expect, it } from 'vitest';
import {
  isApplePlatform,
  isShortcutsKey,
  milestoneIdOfPath,
  newTaskPath,
  paletteGroupsOf,
  shortcutsOf,
} from './palette-model';

const empty: SearchResponse = { decks: [], milestones: [], tasks: [], rooms: [], people: [] };
const found: SearchResponse = {
  decks: [{ id: 'dck-1', title: 'Seed round', companyName: 'Ledgerleaf' }],
  milestones: [{ id: 'mst-1', title: 'Pilot', deckTitle: 'Seed round' }],
  tasks: [{ id: 'tsk-1', key: 'LDG-12', title: 'Call the port', milestoneId: 'mst-1', milestoneTitle: 'Pilot' }],
  rooms: [{ id: 'room-1', name: 'Ravi Rao', type: 'private' }],
  people: [{ id: 'inv-1', name: 'Ravi Rao', role: 'investor' }],
};

describe('paletteGroupsOf', () => {
  it('groups each kind in a fixed order, with the links of the founder area', () => {
    const groups = paletteGroupsOf(found, 'founder');
    expect(groups.map((group) => group.label)).toEqual(['Pitch decks', 'Milestones', 'Tasks', 'Chat rooms', 'People']);
    expect(groups.map((group) => group.entries[0]?.target)).toEqual([
      { kind: 'path', to: '/founder/view/dck-1' },
      { kind: 'path', to: '/founder/milestones/mst-1' },
      { kind: 'path', to: '/founder/milestones/mst-1?tab=board&task=LDG-12' },
      { kind: 'room', roomId: 'room-1' },
      { kind: 'person', personId: 'inv-1' },
    ]);
    expect(groups[2]?.entries[0]?.label).toBe('LDG-12 Call the port');
  });

  it('links an investor to their own pages', () => {
    const targets = paletteGroupsOf(found, 'investor').map((group) => group.entries[0]?.target);
    expect(targets.slice(0, 3)).toEqual([
      { kind: 'path', to: '/investor/pitchdecks/dck-1' },
      { kind: 'path', to: '/investor/milestones/mst-1' },
      { kind: 'path', to: '/investor/milestones/mst-1?tab=board&task=LDG-12' },
    ]);
  });

  it('leaves out the kinds with nothing found, so nothing found shows the empty state', () => {
    expect(paletteGroupsOf(empty, 'founder')).toEqual([]);
    expect(paletteGroupsOf({ ...empty, people: found.people }, 'investor').map((group) => group.label)).toEqual([
      'People',
    ]);
  });
});

describe('newTaskPath', () => {
  it('opens the Add task form on the milestone being shown', () => {
    expect(newTaskPath('/founder/milestones/mst-1')).toBe('/founder/milestones/mst-1?tab=board&new=task');
    expect(milestoneIdOfPath('founder', '/founder/milestones/mst%201')).toBe('mst 1');
  });

  it('goes to the milestones list anywhere else', () => {
    expect(newTaskPath('/founder')).toBe('/founder/milestones');
    expect(newTaskPath('/founder/milestones')).toBe('/founder/milestones');
    expect(milestoneIdOfPath('investor', '/founder/milestones/mst-1')).toBeNull();
  });
});

describe('the shortcuts list', () => {
  it('names ⌘ on Apple systems and Ctrl elsewhere', () => {
    expect(isApplePlatform('MacIntel')).toBe(true);
    expect(isApplePlatform('Linux x86_64')).toBe(false);
    expect(shortcutsOf(true)[0]?.keys).toEqual(['⌘', 'K']);
    expect(shortcutsOf(false)[0]?.keys).toEqual(['Ctrl', 'K']);
  });
});

describe('isShortcutsKey', () => {
  const press = (target: EventTarget | null, key = '?', mods: Partial<KeyboardEvent> = {}) =>
    isShortcutsKey({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...mods });
  const element = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    set: (el: HTMLElementTagNameMap[K]) => void = () => {},
  ) => {
    const el = document.createElement(tag);
    set(el);
    return el;
  };

  it('is "?" on the page, a button or a checkbox', () => {
    expect(press(document.body)).toBe(true);
    expect(press(element('button'))).toBe(true);
    expect(press(element('input', (el) => (el.type = 'checkbox')))).toBe(true);
  });

  it('is typed text in a field, an editor or a textbox', () => {
    expect(press(element('input'))).toBe(false);
    expect(press(element('input', (el) => (el.type = 'search')))).toBe(false);
    expect(press(element('textarea'))).toBe(false);
    expect(press(element('select'))).toBe(false);
    expect(press(element('div', (el) => el.setAttribute('role', 'textbox')))).toBe(false);
  });

  it('is not another key or "?" with a modifier', () => {
    expect(press(document.body, '/')).toBe(false);
    expect(press(document.body, '?', { ctrlKey: true })).toBe(false);
    expect(press(document.body, '?', { metaKey: true })).toBe(false);
    expect(press(document.body, '?', { altKey: true })).toBe(false);
  });
});
