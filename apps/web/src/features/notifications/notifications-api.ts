import { notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import type { AccountRole } from '@deckvalid/contract/auth';
import type { NotificationKind } from '@deckvalid/contract/notifications';
import { api } from '@/shared/api/api';

/** The signed-in account's switches: each kind of its role, on or off. */
export type NotificationSwitches = Partial<Record<NotificationKind, boolean>>;

/** Mail notification settings (GET/PUT /api/v1/{users|investors}/notifications). */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationSettings: build.query<NotificationSwitches, AccountRole>({
      query: (role) => notificationSettingsPaths[role],
      transformResponse: (response: { notifications: NotificationSwitches }) => response.notifications,
    }),
    /** Changes the kinds named; the answer is every switch, written straight into the cache. */
    updateNotificationSettings: build.mutation<
      NotificationSwitches,
      { role: AccountRole; changes: NotificationSwitches }
    >({
      query: ({ role, changes }) => ({ url: notificationSettingsPaths[role], method: 'PUT', body: changes }),
      transformResponse: (response: { notifications: NotificationSwitches }) => response.notifications,
      // The switch moves under the finger: the cache takes the change at once, the server's
      // answer replaces it, and a failure puts the old value back (the component says why).
      async onQueryStarted({ role, changes }, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(
          notificationsApi.util.updateQueryData('notificationSettings', role, (draft) => {
            Object.assign(draft, changes);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('notificationSettings', role, data));
        } catch {
          optimistic.undo();
        }
      },
    }),
  }),
});

export const { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } = notificationsApi;
