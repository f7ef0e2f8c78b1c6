import { createApi } from '@reduxjs/toolkit/query/react';
import { type BaseQueryOptions, createBaseQuery } from './base-query';

type SessionAccess = Pick<BaseQueryOptions, 'selectSession' | 'logout'>;

let sessionAccess: SessionAccess | null = null;

/**
 * Tells the API slice where the session lives in the store and how to end it. app/ calls this
 * once with the auth feature's selector and logout action, so shared code never imports a
 * feature while features still inject their calls into the one slice below.
 */
export function connectApiSession(access: SessionAccess): void {
  sessionAccess = access;
}

function session(): SessionAccess {
  if (!sessionAccess) throw new Error('connectApiSession must run before the first API call');
  return sessionAccess;
}

/**
 * The one API slice (Redux style guide): empty here, every feature adds its calls with
 * `api.injectEndpoints` in its own `<feature>-api.ts`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery({
    selectSession: (state) => session().selectSession(state),
    logout: (role) => session().logout(role),
  }),
  // Spec §9: cached data is kept 60 s once no screen uses it.
  keepUnusedDataFor: 60,
  // 'Milestone': the milestone lists; 'MilestoneData' (id = milestone id): everything read under
  // one milestone, invalidated by its changes and by its live `milestone:changed` events.
  tagTypes: [
    'Me',
    'FounderProfile',
    'InvestorInfo',
    'PitchDeck',
    'Interest',
    'DeckAnalytics',
    'Milestone',
    'MilestoneData',
    // The signed-in account's inbox: every page and the unread count.
    'Notification',
    // The chat widget's room list and contacts: a room opened from any page refreshes them.
    'ChatRoom',
    // A deck's share links (id = deck id) and their visitors (id = link id).
    'DeckLink',
    'LinkVisitors',
    // The founder's data rooms: 'LIST' for the list, a room's id for that room and its tree.
    'DataRoom',
    // Who has a founder's room (id = room id); the investor's own rooms ('LIST' and a room's id).
    'DataRoomGrant',
    'InvestorDataRoom',
    // Mentorships: 'FOUNDER' for a founder's mentors and invitations, 'MENTOR' for a mentor's founders.
    'Mentorship',
    // A deck's page comments between its founder and mentors (id = deck id), and its mentor reviews.
    'DeckComment',
    'DeckReview',
  ],
  endpoints: () => ({}),
});

// One name, one definition. RTK Query keeps the first endpoint injected under a name and drops
// a later one silently, so two features defining `openX` with different arguments break each
// other depending on which page loaded first. Every injection here throws on a clash instead,
// which the slice's test (all endpoint modules loaded together) and any page that loads both
// show at once. Editing an endpoint module in the dev server therefore reloads the page.
const injectOnce = api.injectEndpoints;
api.injectEndpoints = (options) => injectOnce({ ...options, overrideExisting: 'throw' });
