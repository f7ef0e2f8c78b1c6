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
      async onQueryStarted({ role }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('notificationSettings', role, data));
        } catch {
          // The component shows the failure and keeps the switch as the server has it.
        }
      },
    }),
  }),
});

export const { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } = notificationsApi;
