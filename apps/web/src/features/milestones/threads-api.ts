import type { MessageBody, Thread, ThreadAudience, ThreadMessage } from '@deckvalid/contract/milestones';
import type { Page } from '@deckvalid/contract/pagination';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { type MilestoneRole, milestoneData, pathsOf } from '@/features/milestones/milestone-api-shared';
import { api } from '@/shared/api/api';

/** Where the threads are: on the milestone itself (`taskId` null) or on one of its tasks. */
export type ThreadsArgs = { role: MilestoneRole; milestoneId: string; taskId: string | null };
/** One thread of one milestone, as one role reads it. */
export type ThreadArgs = { role: MilestoneRole; milestoneId: string; threadId: string };
export type MessageArgs = { role: MilestoneRole; milestoneId: string; messageId: string };

/** Messages per page: the server answers newest first, the panel shows a page reversed. */
export const messagePageSize = 30;

/**
 * Threads and messages (docs/milestones.md, "Threads and messages"), for both roles. Every read
 * provides the milestone's data tag and every change invalidates it, like the rest of the
 * milestone screens, so a live `milestone:changed` refreshes the panel too. Unlike other changes
 * they leave the 'Milestone' lists alone: a thread moves no status or progress.
 */
export const threadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    threads: build.query<Thread[], ThreadsArgs>({
      query: ({ role, milestoneId, taskId }) =>
        taskId === null ? pathsOf(role).threads(milestoneId) : pathsOf(role).taskThreads(taskId),
      transformResponse: (response: { data: Thread[] }) => response.data,
      providesTags: milestoneData,
    }),
    /** `audience` is the founder's choice; an investor's threads are the members', a mentor's the mentors'. */
    createThread: build.mutation<Thread, ThreadsArgs & { title: string; audience?: ThreadAudience }>({
      query: ({ role, milestoneId, taskId, title, audience }) => ({
        url: taskId === null ? pathsOf(role).threads(milestoneId) : pathsOf(role).taskThreads(taskId),
        method: 'POST',
        body: { title, ...(audience ? { audience } : {}) },
      }),
      transformResponse: (response: { thread: Thread }) => response.thread,
      invalidatesTags: milestoneData,
    }),
    renameThread: build.mutation<Thread, ThreadArgs & { title: string }>({
      query: ({ role, threadId, title }) => ({ url: pathsOf(role).thread(threadId), method: 'PATCH', body: { title } }),
      transformResponse: (response: { thread: Thread }) => response.thread,
      invalidatesTags: milestoneData,
    }),
    deleteThread: build.mutation<void, ThreadArgs>({
      query: ({ role, threadId }) => ({ url: pathsOf(role).thread(threadId), method: 'DELETE' }),
      invalidatesTags: milestoneData,
    }),
    /** Newest first, a page at a time ("Show older" asks for the next one). */
    threadMessages: build.infiniteQuery<Page<ThreadMessage>, ThreadArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage) => (lastPage.meta.hasMore ? lastPage.meta.page + 1 : undefined),
      },
      query: ({ queryArg: { role, threadId }, pageParam }) => ({
        url: pathsOf(role).messages(threadId),
        params: { page: pageParam, limit: messagePageSize },
      }),
      providesTags: milestoneData,
    }),
    postMessage: build.mutation<ThreadMessage, ThreadArgs & { body: MessageBody }>({
      query: ({ role, threadId, body }) => ({ url: pathsOf(role).messages(threadId), method: 'POST', body }),
      transformResponse: (response: { message: ThreadMessage }) => response.message,
      invalidatesTags: milestoneData,
    }),
    editMessage: build.mutation<ThreadMessage, MessageArgs & { body: MessageBody }>({
      query: ({ role, messageId, body }) => ({ url: pathsOf(role).message(messageId), method: 'PATCH', body }),
      transformResponse: (response: { message: ThreadMessage }) => response.message,
      invalidatesTags: milestoneData,
    }),
    deleteMessage: build.mutation<void, MessageArgs>({
      query: ({ role, messageId }) => ({ url: pathsOf(role).message(messageId), method: 'DELETE' }),
      invalidatesTags: milestoneData,
    }),
    /** A GET, but a mutation: every ticket is single-use and must never come from the cache. */
    attachmentUploadTicket: build.mutation<UploadTicket, { role: MilestoneRole; fileType: string; fileSize: number }>({
      query: ({ role, fileType, fileSize }) => ({
        url: pathsOf(role).attachmentUpload,
        params: { fileType, fileSize },
      }),
    }),
  }),
});

export const {
  useThreadsQuery,
  useCreateThreadMutation,
  useRenameThreadMutation,
  useDeleteThreadMutation,
  useThreadMessagesInfiniteQuery,
  usePostMessageMutation,
  useEditMessageMutation,
  useDeleteMessageMutation,
  useAttachmentUploadTicketMutation,
} = threadsApi;
