import type { MilestoneInvestor } from '@deckvalid/contract/interests';
import {
  type Approval,
  type ApprovalDecision,
  type CreateTaskBody,
  type Deliverable,
  type DeliverableBody,
  type Dependency,
  type DependencyCandidatesResponse,
  investorMilestonePaths,
  milestonePaths,
  type SubmitDeliverableBody,
  type Subtask,
  type Task,
  type TaskDependenciesResponse,
  type TaskDetail,
  type TaskStage,
  type UpdateTaskBody,
} from '@deckvalid/contract/milestones';
import {
  type MilestoneRole,
  milestoneData,
  pathsOf,
  staleAfterChange,
} from '@/features/milestones/milestone-api-shared';
import { api } from '@/shared/api/api';
import { applyMove } from './board-moves';

/**
 * Every call names its milestone: reads provide, and writes invalidate, that milestone's
 * 'MilestoneData' tag, so one change refreshes the board, the open drawer and the feeds together
 * (as the live `milestone:changed` event does for changes made elsewhere).
 */
type MilestoneArgs = { milestoneId: string };
type RoleArgs = MilestoneArgs & { role: MilestoneRole };
type TaskArgs = RoleArgs & { taskId: string };

/** A move on the board: `beforeTaskId` null or omitted puts the task at the end of the stage. */
export type MoveTaskArgs = MilestoneArgs & { taskId: string; stage: TaskStage; beforeTaskId?: string | null };

/**
 * Tasks of one milestone and everything hanging off them (spec §7 Milestones API and the
 * Investor API's milestone calls). Founders change everything; investors read, accept
 * deliverables and record approvals (docs/milestones.md "Who may do what").
 */
export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every task of the milestone, by stage then rank: the board. */
    boardTasks: build.query<Task[], RoleArgs>({
      query: ({ milestoneId, role }) => pathsOf(role).tasks(milestoneId),
      transformResponse: (response: { data: Task[] }) => response.data,
      providesTags: milestoneData,
    }),
    /** One task with its subtasks and both directions of its links: the drawer. */
    taskDetail: build.query<TaskDetail, TaskArgs>({
      query: ({ taskId, role }) => pathsOf(role).task(taskId),
      transformResponse: (response: { task: TaskDetail }) => response.task,
      providesTags: milestoneData,
    }),
    /** Who may be assigned besides the founder: the deck's accepted investors (founders only). */
    taskAssignees: build.query<MilestoneInvestor[], MilestoneArgs>({
      query: ({ milestoneId }) => ({ url: milestonePaths.taskInvestors, params: { milestoneId } }),
      transformResponse: (response: { data: MilestoneInvestor[] }) => response.data,
      providesTags: milestoneData,
    }),

    createTask: build.mutation<TaskDetail, MilestoneArgs & { body: CreateTaskBody }>({
      query: ({ milestoneId, body }) => ({ url: milestonePaths.tasks(milestoneId), method: 'POST', body }),
      transformResponse: (response: { task: TaskDetail }) => response.task,
      invalidatesTags: staleAfterChange,
    }),
    updateTask: build.mutation<TaskDetail, MilestoneArgs & { taskId: string; body: UpdateTaskBody }>({
      query: ({ taskId, body }) => ({ url: milestonePaths.task(taskId), method: 'PUT', body }),
      transformResponse: (response: { task: TaskDetail }) => response.task,
      invalidatesTags: staleAfterChange,
    }),
    deleteTask: build.mutation<void, MilestoneArgs & { taskId: string }>({
      query: ({ taskId }) => ({ url: milestonePaths.task(taskId), method: 'DELETE' }),
      invalidatesTags: staleAfterChange,
    }),
    /**
     * A drag, a keyboard drop, the "Move to…" menu or the drawer's stage select. The board moves
     * the card at once (the founder sees their own drag land) and puts it back if the server
     * refuses, e.g. a move into done while blocked (409 `details.blockers`).
     */
    moveTask: build.mutation<TaskDetail, MoveTaskArgs>({
      query: ({ taskId, stage, beforeTaskId }) => ({
        url: milestonePaths.taskStage(taskId),
        method: 'PATCH',
        body: { stage, beforeTaskId: beforeTaskId ?? null },
      }),
      transformResponse: (response: { task: TaskDetail }) => response.task,
      async onQueryStarted({ milestoneId, taskId, stage, beforeTaskId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          tasksApi.util.updateQueryData('boardTasks', { milestoneId, role: 'founder' }, (draft) =>
            applyMove(draft, taskId, { stage, beforeTaskId: beforeTaskId ?? null }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: staleAfterChange,
    }),

    createSubtask: build.mutation<Subtask, MilestoneArgs & { taskId: string; title: string }>({
      query: ({ taskId, title }) => ({ url: milestonePaths.subtasks(taskId), method: 'POST', body: { title } }),
      transformResponse: (response: { subtask: Subtask }) => response.subtask,
      invalidatesTags: staleAfterChange,
    }),
    renameSubtask: build.mutation<Subtask, MilestoneArgs & { subtaskId: string; title: string }>({
      query: ({ subtaskId, title }) => ({ url: milestonePaths.subtask(subtaskId), method: 'PUT', body: { title } }),
      transformResponse: (response: { subtask: Subtask }) => response.subtask,
      invalidatesTags: staleAfterChange,
    }),
    deleteSubtask: build.mutation<void, MilestoneArgs & { subtaskId: string }>({
      query: ({ subtaskId }) => ({ url: milestonePaths.subtask(subtaskId), method: 'DELETE' }),
      invalidatesTags: staleAfterChange,
    }),
    toggleSubtask: build.mutation<Subtask, MilestoneArgs & { subtaskId: string; isCompleted: boolean }>({
      query: ({ subtaskId, isCompleted }) => ({
        url: milestonePaths.subtaskToggle(subtaskId),
        method: 'PATCH',
        body: { isCompleted },
      }),
      transformResponse: (response: { subtask: Subtask }) => response.subtask,
      invalidatesTags: staleAfterChange,
    }),

    /** Both directions of one task's links (founders; the task detail carries them for investors too). */
    taskDependencies: build.query<TaskDependenciesResponse, MilestoneArgs & { taskId: string }>({
      query: ({ taskId }) => milestonePaths.taskDependencies(taskId),
      providesTags: milestoneData,
    }),
    /** The tasks this one may wait for without closing a loop (founders; the picker's choices). */
    dependencyCandidates: build.query<DependencyCandidatesResponse['data'], MilestoneArgs & { taskId: string }>({
      query: ({ taskId }) => milestonePaths.taskDependencyCandidates(taskId),
      transformResponse: (response: DependencyCandidatesResponse) => response.data,
      providesTags: milestoneData,
    }),
    addDependency: build.mutation<Dependency, MilestoneArgs & { taskId: string; blockedByTaskId: string }>({
      query: ({ taskId, blockedByTaskId }) => ({
        url: milestonePaths.taskDependencies(taskId),
        method: 'POST',
        body: { blockedByTaskId },
      }),
      transformResponse: (response: { dependency: Dependency }) => response.dependency,
      invalidatesTags: staleAfterChange,
    }),
    removeDependency: build.mutation<void, MilestoneArgs & { dependencyId: string }>({
      query: ({ dependencyId }) => ({ url: milestonePaths.dependency(dependencyId), method: 'DELETE' }),
      invalidatesTags: staleAfterChange,
    }),

    /**
     * One task's deliverables, oldest first. Investors and mentors have no per-task call, so
     * theirs come from the milestone's list, narrowed to the task.
     */
    taskDeliverables: build.query<Deliverable[], TaskArgs>({
      query: ({ milestoneId, taskId, role }) =>
        role === 'founder' ? milestonePaths.taskDeliverables(taskId) : pathsOf(role).deliverables(milestoneId),
      transformResponse: (response: { data: Deliverable[] }, _meta, { taskId }) =>
        response.data.filter((deliverable) => deliverable.taskId === taskId),
      providesTags: milestoneData,
    }),
    createDeliverable: build.mutation<Deliverable, MilestoneArgs & { taskId: string; body: DeliverableBody }>({
      query: ({ taskId, body }) => ({ url: milestonePaths.taskDeliverables(taskId), method: 'POST', body }),
      transformResponse: (response: { deliverable: Deliverable }) => response.deliverable,
      invalidatesTags: staleAfterChange,
    }),
    updateDeliverable: build.mutation<Deliverable, MilestoneArgs & { deliverableId: string; body: DeliverableBody }>({
      query: ({ deliverableId, body }) => ({ url: milestonePaths.deliverable(deliverableId), method: 'PUT', body }),
      transformResponse: (response: { deliverable: Deliverable }) => response.deliverable,
      invalidatesTags: staleAfterChange,
    }),
    /** A link or an uploaded file (its key and name); either replaces what was submitted before. */
    submitDeliverable: build.mutation<
      Deliverable,
      MilestoneArgs & { deliverableId: string; body: SubmitDeliverableBody }
    >({
      query: ({ deliverableId, body }) => ({
        url: milestonePaths.deliverableSubmit(deliverableId),
        method: 'POST',
        body,
      }),
      transformResponse: (response: { deliverable: Deliverable }) => response.deliverable,
      invalidatesTags: staleAfterChange,
    }),
    acceptDeliverable: build.mutation<Deliverable, MilestoneArgs & { deliverableId: string }>({
      // An empty JSON body: the server parses every POST as JSON.
      query: ({ deliverableId }) => ({
        url: investorMilestonePaths.deliverableAccept(deliverableId),
        method: 'POST',
        body: {},
      }),
      transformResponse: (response: { deliverable: Deliverable }) => response.deliverable,
      invalidatesTags: staleAfterChange,
    }),

    /** The investor who accepted a deliverable takes it back, within a minute of accepting it. */
    undoAcceptDeliverable: build.mutation<Deliverable, MilestoneArgs & { deliverableId: string }>({
      query: ({ deliverableId }) => ({
        url: investorMilestonePaths.deliverableUndoAccept(deliverableId),
        method: 'POST',
        body: {},
      }),
      transformResponse: (response: { deliverable: Deliverable }) => response.deliverable,
      invalidatesTags: staleAfterChange,
    }),

    /** An investor sends a submitted deliverable back with a comment. */
    requestDeliverableChanges: build.mutation<Deliverable, MilestoneArgs & { deliverableId: string; comment: string }>({
      query: ({ deliverableId, comment }) => ({
        url: investorMilestonePaths.deliverableRequestChanges(deliverableId),
        method: 'POST',
        body: { comment },
      }),
      transformResponse: (response: { deliverable: Deliverable }) => response.deliverable,
      invalidatesTags: staleAfterChange,
    }),

    /** A task's approvals, oldest first (both roles read them). */
    taskApprovals: build.query<Approval[], TaskArgs>({
      query: ({ taskId, role }) => pathsOf(role).taskApprovals(taskId),
      transformResponse: (response: { data: Approval[] }) => response.data,
      providesTags: milestoneData,
    }),
    /**
     * The investor's word on a task (one per investor: a new one replaces theirs). `isUnchanged`
     * says the same word was given again and nothing changed.
     */
    approveTask: build.mutation<
      { approval: Approval; isUnchanged: boolean },
      MilestoneArgs & { taskId: string; decision: ApprovalDecision; comment: string }
    >({
      query: ({ taskId, decision, comment }) => ({
        url: investorMilestonePaths.taskApprovals(taskId),
        method: 'POST',
        body: comment.trim() ? { decision, comment: comment.trim() } : { decision },
      }),
      invalidatesTags: staleAfterChange,
    }),
  }),
});

export const {
  useBoardTasksQuery,
  useTaskDetailQuery,
  useTaskAssigneesQuery,
  useCreateTaskMutation,
  useUpdateTaskMutation,
  useDeleteTaskMutation,
  useMoveTaskMutation,
  useCreateSubtaskMutation,
  useRenameSubtaskMutation,
  useDeleteSubtaskMutation,
  useToggleSubtaskMutation,
  useTaskDependenciesQuery,
  useDependencyCandidatesQuery,
  useAddDependencyMutation,
  useRemoveDependencyMutation,
  useTaskDeliverablesQuery,
  useCreateDeliverableMutation,
  useUpdateDeliverableMutation,
  useSubmitDeliverableMutation,
  useAcceptDeliverableMutation,
  useUndoAcceptDeliverableMutation,
  useRequestDeliverableChangesMutation,
  useTaskApprovalsQuery,
  useApproveTaskMutation,
} = tasksApi;
