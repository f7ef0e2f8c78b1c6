import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSignOut } from '../hooks/use-sign-out';

/** The always-visible sign-out at the foot of the navbar (the header menu has both sign-outs). */
export function SignOutButton() {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Button
      variant="subtle"
      color="gray"
      fullWidth
      justify="flex-start"
      leftSection={<IconLogout size={18} aria-hidden />}
      onClick={() => void signOut('current')}
      loading={isSigningOut}
    >
      Sign out
    </Button>
  );
}
