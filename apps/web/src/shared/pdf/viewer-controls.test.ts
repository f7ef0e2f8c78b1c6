import { describe, expect, it } from 'vitest';
import { clampPage, requestedPageOf, viewerKeyAction, zoomIn, zoomOut } from './viewer-controls';

const press = (key: string, target: EventTarget | null = document.body, extra: Partial<KeyboardEvent> = {}) =>
  viewerKeyAction({ key, target, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, ...extra });

describe('zoom', () => {
  it('steps up and down the ladder and stops at its ends', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomIn(3)).toBe(3);
    expect(zoomOut(0.5)).toBe(0.5);
  });

  it('moves to the nearest step from a value between steps', () => {
    expect(zoomIn(1.1)).toBe(1.25);
    expect(zoomOut(1.1)).toBe(1);
  });
});

describe('clampPage', () => {
  it('keeps the page within the document', () => {
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(11, 10)).toBe(10);
    expect(clampPage(4, 10)).toBe(4);
    expect(clampPage(4, null)).toBe(1);
    expect(clampPage(Number.NaN, 10)).toBe(1);
  });
});

describe('requestedPageOf', () => {
  it('reads a whole positive page number from ?page= and nothing else', () => {
    expect(requestedPageOf('4')).toBe(4);
    expect(requestedPageOf(null)).toBeUndefined();
    for (const value of ['0', '-2', '2.5', 'two', '', '999999']) expect(requestedPageOf(value)).toBeUndefined();
  });
});

describe('viewerKeyAction', () => {
  it('maps arrows and page keys to page moves', () => {
    expect(press('ArrowLeft')).toBe('previous');
    expect(press('PageUp')).toBe('previous');
    expect(press('ArrowRight')).toBe('next');
    expect(press('PageDown')).toBe('next');
    expect(press('Home')).toBe('first');
    expect(press('End')).toBe('last');
    expect(press('+')).toBe('zoomIn');
    expect(press('-')).toBe('zoomOut');
    expect(press('a')).toBeNull();
  });

  it('leaves keys alone in fields, dialogs and with modifiers', () => {
    const input = document.createElement('textarea');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(input, dialog);

    expect(press('ArrowLeft', input)).toBeNull();
    expect(press('ArrowRight', button)).toBeNull();
    expect(press('ArrowRight', document.body, { altKey: true })).toBeNull();
    expect(press('ArrowRight', document.body, { defaultPrevented: true })).toBeNull();
    expect(press('ArrowRight', null)).toBe('next');
  });
});
