import type { MilestoneInvestor } from '@deckvalid/contract/interests';
import {
  type Activity,
  type CreateMilestoneBody,
  type Deliverable,
  type Meet,
  type MeetBody,
  type Milestone,
  type MilestoneDeleteMode,
  type MilestoneMember,
  type MilestoneMentorsResponse,
  type MilestoneOverview,
  type MilestoneStatus,
  milestonePaths,
  type TaskStage,
  type UpdateMilestoneBody,
} from '@deckvalid/contract/milestones';
import type { Page } from '@deckvalid/contract/pagination';
import {
  type MeetRole,
  type MilestoneRole,
  meetPathsOf,
  milestoneData,
  milestoneDataTag,
  pathsOf,
  staleAfterChange,
} from '@/features/milestones/milestone-api-shared';
import { api } from '@/shared/api/api';

/** One milestone of one role. */
export type MilestoneArgs = { role: MilestoneRole; milestoneId: string };

/** One milestone's calendar, of the founder or an investor (mentors have none). */
export type MeetArgs = { role: MeetRole; milestoneId: string };

/** A page of a role's milestones; `archived` is the founder's alone (investors never see archived ones). */
export type MilestonesArgs = {
  role: MilestoneRole;
  page: number;
  limit: number;
  status?: MilestoneStatus;
  archived?: boolean;
};

/** The activity feed of one milestone, optionally one stage's lines. */
export type MilestoneActivitiesArgs = MilestoneArgs & { stage?: TaskStage };

/** Lines per page of the activity feed ("Load more" asks for the next one). */
export const activityPageSize = 20;

/**
 * The milestone screens' calls (docs/api.md, Milestones): lists, one milestone with its overview,
 * activity log and deliverables for every role, meets for founders and investors; creating,
 * editing, moving, archiving, deleting, restoring and sharing milestones with mentors for founders. Tasks live in tasks-api.ts, threads in
 * threads-api.ts, under the same tags.
 */
export const milestonesApi = api.injectEndpoints({
  endpoints: (build) => ({
    milestones: build.query<Page<Milestone>, MilestonesArgs>({
      query: ({ role, page, limit, status, archived }) => ({
        url: pathsOf(role).milestones,
        params: {
          page,
          limit,
          ...(status ? { status } : {}),
          ...(role === 'founder' && archived ? { archived: 'true' } : {}),
        },
      }),
      providesTags: ['Milestone'],
    }),
    milestone: build.query<Milestone, MilestoneArgs>({
      query: ({ role, milestoneId }) => pathsOf(role).milestone(milestoneId),
      transformResponse: (response: { milestone: Milestone }) => response.milestone,
      providesTags: milestoneData,
    }),
    milestoneOverview: build.query<MilestoneOverview, MilestoneArgs>({
      query: ({ role, milestoneId }) => pathsOf(role).overview(milestoneId),
      transformResponse: (response: { overview: MilestoneOverview }) => response.overview,
      providesTags: milestoneData,
    }),
    /**
     * The log, newest first, a page at a time. An invalidation refetches every page held, so a
     * feed that loaded three pages shows three fresh pages after a live change.
     */
    milestoneActivities: build.infiniteQuery<Page<Activity>, MilestoneActivitiesArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage) => (lastPage.meta.hasMore ? lastPage.meta.page + 1 : undefined),
      },
      query: ({ queryArg: { role, milestoneId, stage }, pageParam }) => ({
        url: pathsOf(role).activities(milestoneId),
        params: { page: pageParam, limit: activityPageSize, ...(stage ? { stage } : {}) },
      }),
      providesTags: milestoneData,
    }),
    /** Every deliverable of every task of the milestone. */
    milestoneDeliverables: build.query<Deliverable[], MilestoneArgs>({
      query: ({ role, milestoneId }) => pathsOf(role).deliverables(milestoneId),
      transformResponse: (response: { data: Deliverable[] }) => response.data,
      providesTags: milestoneData,
    }),
    /** The meets still on (cancelled ones left out), soonest first; past ones included. */
    milestoneMeets: build.query<Meet[], MeetArgs>({
      query: ({ role, milestoneId }) => meetPathsOf(role).meets(milestoneId),
      transformResponse: (response: { data: Meet[] }) => response.data,
      providesTags: milestoneData,
    }),
    /** Who a meet may invite: the founder first, then the deck's accepted investors (both roles). */
    milestoneMembers: build.query<MilestoneMember[], MeetArgs>({
      query: ({ role, milestoneId }) => meetPathsOf(role).members(milestoneId),
      transformResponse: (response: { data: MilestoneMember[] }) => response.data,
      providesTags: milestoneData,
    }),
    createMilestoneMeet: build.mutation<Meet, MeetArgs & { body: MeetBody }>({
      query: ({ role, milestoneId, body }) => ({ url: meetPathsOf(role).meets(milestoneId), method: 'POST', body }),
      transformResponse: (response: { meet: Meet }) => response.meet,
      invalidatesTags: staleAfterChange,
    }),
    updateMilestoneMeet: build.mutation<Meet, MeetArgs & { meetId: string; body: MeetBody }>({
      query: ({ role, meetId, body }) => ({ url: meetPathsOf(role).meet(meetId), method: 'PUT', body }),
      transformResponse: (response: { meet: Meet }) => response.meet,
      invalidatesTags: staleAfterChange,
    }),
    /** Cancels the meet; the server keeps a tombstone whose .ics tells calendars to drop it. */
    deleteMilestoneMeet: build.mutation<void, MeetArgs & { meetId: string }>({
      query: ({ role, meetId }) => ({ url: meetPathsOf(role).meet(meetId), method: 'DELETE' }),
      invalidatesTags: staleAfterChange,
    }),
    /**
     * A meet's iCalendar file as text. A GET, but a mutation: the file is saved once, never kept
     * in the cache, and it needs the session's headers, so a plain link cannot fetch it.
     */
    downloadMeetIcs: build.mutation<string, { role: MeetRole; meetId: string }>({
      query: ({ role, meetId }) => ({ url: meetPathsOf(role).meetIcs(meetId), responseHandler: 'text' }),
    }),

    // Founders only ----------------------------------------------------------------------------

    createMilestone: build.mutation<Milestone, CreateMilestoneBody>({
      query: (body) => ({ url: milestonePaths.milestones, method: 'POST', body }),
      transformResponse: (response: { milestone: Milestone }) => response.milestone,
      invalidatesTags: ['Milestone'],
    }),
    updateMilestone: build.mutation<Milestone, { milestoneId: string; body: UpdateMilestoneBody }>({
      query: ({ milestoneId, body }) => ({ url: milestonePaths.milestone(milestoneId), method: 'PUT', body }),
      transformResponse: (response: { milestone: Milestone }) => response.milestone,
      invalidatesTags: staleAfterChange,
    }),
    /** Along `milestoneTransitions`; completing early is 409 with `CompletionBlockers` as details. */
    changeMilestoneStatus: build.mutation<Milestone, { milestoneId: string; status: MilestoneStatus }>({
      query: ({ milestoneId, status }) => ({
        url: milestonePaths.status(milestoneId),
        method: 'PATCH',
        body: { status },
      }),
      transformResponse: (response: { milestone: Milestone }) => response.milestone,
      // Refetch on failure too: a 409 may mean another tab moved it first.
      invalidatesTags: staleAfterChange,
    }),
    /** `archive` hides it until restored; `permanent` removes it with everything under it. */
    deleteMilestone: build.mutation<void, { milestoneId: string; mode: MilestoneDeleteMode }>({
      query: ({ milestoneId, mode }) => ({
        url: milestonePaths.milestone(milestoneId),
        method: 'DELETE',
        params: { mode },
      }),
      invalidatesTags: staleAfterChange,
    }),
    restoreMilestone: build.mutation<Milestone, { milestoneId: string }>({
      query: ({ milestoneId }) => ({ url: milestonePaths.restore(milestoneId), method: 'POST' }),
      transformResponse: (response: { milestone: Milestone }) => response.milestone,
      invalidatesTags: staleAfterChange,
    }),
    /** The founder's mentors, each with whether this milestone is shared with them. */
    milestoneMentors: build.query<MilestoneMentorsResponse['data'], string>({
      query: (milestoneId) => milestonePaths.mentors(milestoneId),
      transformResponse: (response: MilestoneMentorsResponse) => response.data,
      providesTags: (_result, _error, milestoneId) => [milestoneDataTag(milestoneId)],
    }),
    /** Shares the milestone with one of the founder's mentors, or stops sharing it. */
    shareMilestone: build.mutation<void, { milestoneId: string; mentorId: string; isShared: boolean }>({
      query: ({ milestoneId, mentorId, isShared }) => ({
        url: milestonePaths.mentor(milestoneId, mentorId),
        method: isShared ? 'PUT' : 'DELETE',
      }),
      invalidatesTags: (_result, _error, { milestoneId }) => [milestoneDataTag(milestoneId)],
    }),
    /** Who a task may be assigned to besides the founder: the deck's accepted investors. */
    milestoneTaskInvestors: build.query<MilestoneInvestor[], string>({
      query: (milestoneId) => ({ url: milestonePaths.taskInvestors, params: { milestoneId } }),
      transformResponse: (response: { data: MilestoneInvestor[] }) => response.data,
      providesTags: (_result, _error, milestoneId) => [milestoneDataTag(milestoneId)],
    }),
  }),
});

export const {
  useMilestonesQuery,
  useMilestoneQuery,
  useMilestoneOverviewQuery,
  useMilestoneActivitiesInfiniteQuery,
  useMilestoneDeliverablesQuery,
  useMilestoneMeetsQuery,
  useMilestoneMembersQuery,
  useCreateMilestoneMeetMutation,
  useUpdateMilestoneMeetMutation,
  useDeleteMilestoneMeetMutation,
  useDownloadMeetIcsMutation,
  useCreateMilestoneMutation,
  useUpdateMilestoneMutation,
  useChangeMilestoneStatusMutation,
  useDeleteMilestoneMutation,
  useRestoreMilestoneMutation,
  useMilestoneTaskInvestorsQuery,
  useMilestoneMentorsQuery,
  useShareMilestoneMutation,
} = milestonesApi;
