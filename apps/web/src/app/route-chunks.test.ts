import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns } from '@/config/paths';
import { chunksOfRoute, matchesPattern } from './route-chunks';

/** Every pattern of the route table, as strings (paths holds functions for the ones with ids). */
const patterns = [routePatterns, paths, paths.founder, paths.investor, paths.mentor].flatMap((group) =>
  Object.values(group as Record<string, unknown>).filter((value): value is string => typeof value === 'string'),
);

const pathnames = [
  '/',
  '/founder',
  '/founder/',
  '/Founder',
  '/founder//pitchdecks',
  '/founder/pitchdecks',
  '/founder/pitchdecks/extra',
  '/founder/view/deck-1',
  '/founder/view/',
  '/founder/milestones/ms-1',
  '/investor',
  '/investor/pitchdecks/deck-9',
  '/investor/unknown/deep/path',
  '/analysis/deck-1',
  '/mentor/decks/d-1',
  '/s/abc',
  '/s',
  '/login/investor',
  '/nowhere',
];

describe('matchesPattern', () => {
  it('matches every route pattern as the router does, whole and as a prefix', () => {
    expect(patterns.length).toBeGreaterThan(20);
    for (const pattern of patterns) {
      for (const pathname of pathnames) {
        for (const end of [true, false]) {
          const routerMatches = matchPath({ path: pattern, end }, pathname) !== null;
          expect(matchesPattern(pattern, pathname, end), `${pattern} ${end ? '=' : '⊂'} ${pathname}`).toBe(
            routerMatches,
          );
        }
      }
    }
  });
});

describe('chunksOfRoute', () => {
  it('names the layout and the page of an area route, and nothing for an unknown page', () => {
    expect(chunksOfRoute('/founder')).toEqual(['founderLayout', 'founderHome']);
    expect(chunksOfRoute('/founder/view/deck-1')).toEqual(['founderLayout', 'founderView']);
    expect(chunksOfRoute('/investor/anything/else')).toEqual(['investorLayout', 'investorSections']);
    expect(chunksOfRoute('/nowhere')).toEqual([]);
  });
});
