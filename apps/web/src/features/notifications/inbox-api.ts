import { inboxPaths } from '@deckvalid/contract/api-paths';
import type { InboxKind, InboxPage } from '@deckvalid/contract/notifications';
import { api } from '@/shared/api/api';

/** Notifications the panel asks for at a time. */
export const inboxPageSize = 20;

/** The inbox (GET /api/v1/notifications and the two marks): one per account, whatever its role. */
export const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page of the inbox, newest first; the inbox page also filters by unread and by kind. */
    inboxPage: build.query<InboxPage, { page: number; unread?: boolean; kind?: InboxKind }>({
      query: ({ page, unread, kind }) => ({
        url: inboxPaths.list,
        params: { page, limit: inboxPageSize, ...(unread ? { unread: true } : {}), ...(kind ? { kind } : {}) },
      }),
      providesTags: ['Notification'],
    }),
    markNotificationRead: build.mutation<{ unreadCount: number }, string>({
      query: (notificationId) => ({ url: inboxPaths.read(notificationId), method: 'PUT' }),
      invalidatesTags: ['Notification'],
    }),
    markAllNotificationsRead: build.mutation<{ unreadCount: number }, void>({
      query: () => ({ url: inboxPaths.readAll, method: 'PUT' }),
      invalidatesTags: ['Notification'],
    }),
  }),
});

export const { useInboxPageQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } = inboxApi;
