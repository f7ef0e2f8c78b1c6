import type { LinkViewing } from '@deckvalid/contract/links';
import { describe, expect, it } from 'vitest';
import { isToastedVisit } from './use-link-visit-toasts';

const visit: LinkViewing = {
  pitchDeckId: 'pd-1',
  dataRoomId: null,
  linkId: 'lnk-1',
  linkName: 'Northwind – Ravi',
  deckTitle: 'Tallyo seed round',
  email: 'ravi@northwind.example',
  isFirstVisit: false,
  notify: true,
  at: '2026-11-28T10:00:00.000Z',
};
const shareTab = '/founder/view/pd-1?tab=share';
const home = { pathname: '/founder', search: '' };

describe('isToastedVisit', () => {
  it('toasts a return visit of a link that notifies, anywhere but that deck’s Share tab', () => {
    expect(isToastedVisit(visit, home, shareTab)).toBe(true);
    expect(isToastedVisit(visit, { pathname: '/founder/view/pd-1', search: '' }, shareTab)).toBe(true);
    expect(isToastedVisit(visit, { pathname: '/founder/view/pd-1', search: '?tab=share' }, shareTab)).toBe(false);
  });

  it('leaves first visits to the inbox and stays quiet for links that do not notify', () => {
    expect(isToastedVisit({ ...visit, isFirstVisit: true }, home, shareTab)).toBe(false);
    expect(isToastedVisit({ ...visit, notify: false }, home, shareTab)).toBe(false);
  });
});
