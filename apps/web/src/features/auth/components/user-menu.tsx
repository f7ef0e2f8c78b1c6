import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconLogout2, IconSettings } from '@tabler/icons-react';
import { useSelector } from 'react-redux';
import { selectAuth } from '../auth-slice';
import { useSignOut } from '../hooks/use-sign-out';
import { roleLabels } from '../role-home';

/** The header's account menu: who is signed in, account settings, and the two sign-outs. */
export function UserMenu({
  onOpenSettings,
  settingsLabel = 'Account settings',
}: {
  onOpenSettings: () => void;
  settingsLabel?: string;
}) {
  const { user, role } = useSelector(selectAuth);
  const { signOut, isSigningOut } = useSignOut();
  const name = user?.name ?? 'Your account';

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Account menu for ${name}`}
          data-testid="user-menu"
          py={4}
          px={6}
          style={{ borderRadius: 8 }}
        >
          <Group gap={8} wrap="nowrap">
            {/* The profile picture, else a person icon, not initials: visible text must be part of
                the button's name (WCAG 2.5.3 label in name), and initials would be a second,
                unlabelled name beside the full one. */}
            <Avatar
              src={user?.pictureUrl ?? null}
              color="indigo"
              radius="xl"
              size={32}
              aria-hidden
              data-testid="user-menu-avatar"
            />
            <Text fz="sm" fw={500} visibleFrom="xs" maw={160} truncate="end">
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          Signed in as {roleLabels[role]}
          {user?.email ? ` · ${user.email}` : ''}
        </Menu.Label>
        <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={onOpenSettings}>
          {settingsLabel}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void signOut('current')}
          disabled={isSigningOut}
        >
          Sign out
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout2 size={16} aria-hidden />}
          onClick={() => void signOut('all')}
          disabled={isSigningOut}
        >
          Sign out everywhere
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
