import type { AccountRole } from '@deckvalid/contract/auth';
import { Anchor, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useFounderProfileQuery } from '@/features/accounts/accounts-api';
import { FounderProfileForm } from '@/features/accounts/components/founder-profile-form';
import { selectUser, userLoaded, userPictureChanged } from '@/features/auth/auth-slice';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { NotificationSettingsSection } from '@/features/notifications/components/notification-settings-section';
import { LinkedProvidersSection } from '@/features/oauth/components/linked-providers-section';
import { useLinkedIdentitiesQuery } from '@/features/oauth/oauth-api';

type AccountSettingsModalProps = { accountRole: AccountRole; isOpen: boolean; onClose: () => void };

/**
 * Hands the founder's profile picture to the header avatar (UserMenu, of the auth feature, which
 * does not know the accounts feature). The profile query is the one the settings form shows and a
 * new picture refreshes, so an upload reaches the header as soon as it is saved.
 */
function FounderPictureToHeader() {
  const dispatch = useDispatch();
  const pictureUrl = useFounderProfileQuery().data?.pictureUrl;
  useEffect(() => {
    if (pictureUrl !== undefined) dispatch(userPictureChanged(pictureUrl));
  }, [pictureUrl, dispatch]);
  return null;
}

/**
 * Account settings from the header menu. A modal, not a route: the founder area's unknown
 * subpaths redirect home (spec §2), so settings get no URL of their own. Composes the accounts
 * and auth features, which do not know each other.
 */
export function AccountSettingsModal({ accountRole: role, isOpen, onClose }: AccountSettingsModalProps) {
  const isSmall = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const dispatch = useDispatch();
  const user = useSelector(selectUser);

  return (
    <>
      {role === 'user' && <FounderPictureToHeader />}
      <Modal
        opened={isOpen}
        onClose={onClose}
        title="Account settings"
        size="lg"
        fullScreen={isSmall}
        radius="lg"
        closeButtonProps={{ 'aria-label': 'Close account settings' }}
        // Mantine writes the modal's title bar as a <header>, which outside any section reads as a
        // second banner landmark beside the page's own header.
        attributes={{ header: { role: 'none' } }}
      >
        {role === 'user' ? (
          <Tabs defaultValue="profile" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="profile">Profile</Tabs.Tab>
              <Tabs.Tab value="password">Password</Tabs.Tab>
              <Tabs.Tab value="notifications">Email notifications</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile">
              <FounderProfileForm
                onSaved={(profile) =>
                  dispatch(userLoaded({ id: profile.id, name: profile.name, email: profile.email }))
                }
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
        )}
      </Modal>
    </>
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
