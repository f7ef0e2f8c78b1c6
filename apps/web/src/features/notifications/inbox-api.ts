import { inboxPaths } from '@deckvalid/contract/api-paths';
import type { InboxPage } from '@deckvalid/contract/notifications';
import { api } from '@/shared/api/api';

/** Notifications the panel asks for at a time. */
export const inboxPageSize = 20;

/** The inbox (GET /api/v1/notifications and the two marks): one per account, whatever its role. */
export const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    inboxPage: build.query<InboxPage, { page: number }>({
      query: ({ page }) => ({ url: inboxPaths.list, params: { page, limit: inboxPageSize } }),
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
