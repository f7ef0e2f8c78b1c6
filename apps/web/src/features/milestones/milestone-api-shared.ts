import { investorMilestonePaths, mentorMilestonePaths, milestonePaths } from '@deckvalid/contract/milestones';

/**
 * Which side of the milestones API a screen reads: the founder's own milestones
 * (`/api/v1/milestones`), those an investor follows (`/api/v1/investors/milestones`) or those
 * shared with a mentor (`/api/v1/mentors/milestones`). The screens are the same for all three;
 * only the paths and the actions differ.
 */
export type MilestoneRole = 'founder' | 'investor' | 'mentor';

/** The roles that share a milestone's calendar: meets are the founder's and the investors'. */
export type MeetRole = Exclude<MilestoneRole, 'mentor'>;

/**
 * The contract's paths of one role. Only the paths every role has under the same name can be
 * read through it; where the names differ (a founder's per-task deliverables, the others'
 * milestone-wide list) the endpoint picks each side itself, and meets go through `meetPathsOf`.
 */
export function pathsOf(role: MilestoneRole) {
  if (role === 'founder') return milestonePaths;
  return role === 'investor' ? investorMilestonePaths : mentorMilestonePaths;
}

/** The meet paths of the founder or an investor. */
export const meetPathsOf = (role: MeetRole) => (role === 'founder' ? milestonePaths : investorMilestonePaths);

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
