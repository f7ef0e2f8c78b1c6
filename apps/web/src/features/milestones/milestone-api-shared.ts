import { investorMilestonePaths, milestonePaths } from '@deckvalid/contract/milestones';

/**
 * Which side of the milestones API a screen reads: the founder's own milestones
 * (`/api/v1/milestones`) or those an investor follows (`/api/v1/investors/milestones`). The
 * screens are the same for both; only the paths and the actions differ.
 */
export type MilestoneRole = 'founder' | 'investor';

/**
 * The contract's paths of one role. Only the paths both roles have under the same name can be
 * read through it; where the names differ (a founder's per-task deliverables, an investor's
 * milestone-wide list) the endpoint picks each side itself.
 */
export const pathsOf = (role: MilestoneRole) => (role === 'founder' ? milestonePaths : investorMilestonePaths);

/** Everything read under one milestone; its changes and its live events invalidate this. */
export const milestoneDataTag = (milestoneId: string) => ({ type: 'MilestoneData' as const, id: milestoneId });

type NamesMilestone = { milestoneId: string };

/** The milestone's data tag, as `providesTags` and `invalidatesTags` take it from a call's arguments. */
export const milestoneData = (_result: unknown, _error: unknown, { milestoneId }: NamesMilestone) => [
  milestoneDataTag(milestoneId),
];

/** What any change to a milestone or its tasks makes stale: what is read under it, and every list (progress, status). */
export const staleAfterChange = (_result: unknown, _error: unknown, { milestoneId }: NamesMilestone) => [
  milestoneDataTag(milestoneId),
  'Milestone' as const,
];
