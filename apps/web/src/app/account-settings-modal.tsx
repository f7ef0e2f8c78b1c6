import type { AccountRole } from '@deckvalid/contract/auth';
import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useFounderProfileQuery } from '@/features/accounts/accounts-api';
import { userPictureChanged } from '@/features/auth/auth-slice';

const AccountSettings = lazy(() =>
  import('./account-settings').then((module) => ({ default: module.AccountSettings })),
);

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
  // The settings' chunk is asked for on the first opening, and the modal keeps it from then on.
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);

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
        {wasOpened ? (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" aria-label="Loading your settings" />
              </Center>
            }
          >
            <AccountSettings accountRole={role} onClose={onClose} />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
