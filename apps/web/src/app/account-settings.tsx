import type { AccountRole } from '@deckvalid/contract/auth';
import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FounderProfileForm } from '@/features/accounts/components/founder-profile-form';
import { selectUser, userLoaded } from '@/features/auth/auth-slice';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { NotificationSettingsSection } from '@/features/notifications/components/notification-settings-section';
import { LinkedProvidersSection } from '@/features/oauth/components/linked-providers-section';
import { useLinkedIdentitiesQuery } from '@/features/oauth/oauth-api';

/**
 * What the account settings modal shows for each role: the founder's profile, password and mail
 * tabs; an investor's and a mentor's password, providers and mail. Its own chunk, loaded when the
 * modal first opens: its forms and their schemas are no part of a first paint.
 */
export function AccountSettings({ accountRole: role, onClose }: { accountRole: AccountRole; onClose: () => void }) {
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  return role === 'user' ? (
    <Tabs defaultValue="profile" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="profile">Profile</Tabs.Tab>
        <Tabs.Tab value="password">Password</Tabs.Tab>
        <Tabs.Tab value="notifications">Email notifications</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="profile">
        <FounderProfileForm
          onSaved={(profile) => dispatch(userLoaded({ id: profile.id, name: profile.name, email: profile.email }))}
        />
      </Tabs.Panel>
      <Tabs.Panel value="password">
        <Stack gap="xl">
          <PasswordSection accountRole="user" onDone={onClose} />
          <LinkedProvidersSection accountRole="user" />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="notifications">
        <NotificationSettingsSection accountRole="user" />
      </Tabs.Panel>
    </Tabs>
  ) : role === 'mentor' ? (
    <Stack gap="lg">
      {user?.email ? (
        <Text fz="sm" c="dimmed">
          Signed in as {user.email}.
        </Text>
      ) : null}
      <PasswordSection accountRole="mentor" onDone={onClose} />
      <LinkedProvidersSection accountRole="mentor" />
      <NotificationSettingsSection accountRole="mentor" />
    </Stack>
  ) : (
    <Stack gap="lg">
      <Text fz="sm" c="dimmed">
        {user?.email ? `Signed in as ${user.email}. ` : ''}Your firm, thesis and cheque sizes live on the{' '}
        <Anchor component={Link} to={paths.investor.profile} onClick={onClose}>
          Investor info
        </Anchor>{' '}
        page.
      </Text>
      <PasswordSection accountRole="investor" onDone={onClose} />
      <LinkedProvidersSection accountRole="investor" />
      <NotificationSettingsSection accountRole="investor" />
    </Stack>
  );
}

/**
 * The password form, told whether the account has a password yet (an account made through a sign-in
 * provider has none and chooses its first one here); the linked providers answer that.
 */
function PasswordSection({ accountRole, onDone }: { accountRole: AccountRole; onDone: () => void }) {
  const identities = useLinkedIdentitiesQuery(accountRole);
  const hasPassword = identities.data?.hasPassword ?? true;
  return (
    <ChangePasswordForm
      key={String(hasPassword)}
      accountRole={accountRole}
      hasPassword={hasPassword}
      onDone={() => {
        void identities.refetch();
        onDone();
      }}
    />
  );
}
