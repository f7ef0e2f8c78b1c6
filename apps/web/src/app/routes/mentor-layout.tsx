import { Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { UserMenu } from '@/features/auth/components/user-menu';
import { InboxBell } from '@/features/notifications/components/inbox-bell';
import { SectionFallback } from '@/shared/ui/section-fallback';
import { type WorkspaceNavItem, WorkspaceShell } from '@/shared/ui/workspace-shell';
import { AccountSettingsModal } from '../account-settings-modal';
import { SessionChat } from '../session-chat';

const mentorNav: readonly WorkspaceNavItem[] = [
  { label: 'Founders you mentor', to: paths.mentor.home, icon: <IconUsers size={18} aria-hidden />, isExact: true },
];

/**
 * The mentor area's frame (every /mentor route but the invitation page, which anyone may open).
 * The chat widget talks with the founders the mentor helps (a mentorship ties them); no command
 * palette yet, as its search reaches founder and investor data only.
 */
export function MentorLayout() {
  const [isSettingsOpen, settings] = useDisclosure(false);
  return (
    <WorkspaceShell
      areaLabel="Mentor"
      homePath={paths.mentor.home}
      navItems={mentorNav}
      userMenu={
        <Group gap={4} wrap="nowrap">
          <InboxBell seeAllPath={paths.mentor.inbox} />
          <UserMenu onOpenSettings={settings.open} />
        </Group>
      }
      navbarFooter={<SignOutButton />}
    >
      <Suspense fallback={<SectionFallback />}>
        <Outlet />
      </Suspense>
      <AccountSettingsModal accountRole="mentor" isOpen={isSettingsOpen} onClose={settings.close} />
      <SessionChat title="Mentor Chat" />
    </WorkspaceShell>
  );
}
