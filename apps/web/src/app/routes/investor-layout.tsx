import { Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFlag3, IconFolders, IconId, IconLayoutGrid } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { UserMenu } from '@/features/auth/components/user-menu';
import { InboxBell } from '@/features/notifications/components/inbox-bell';
import { CommandPalette, CommandPaletteButton } from '@/features/search/components/command-palette';
import { KeyboardShortcuts } from '@/features/search/components/keyboard-shortcuts';
import { SectionFallback } from '@/shared/ui/section-fallback';
import { type WorkspaceNavItem, WorkspaceShell } from '@/shared/ui/workspace-shell';
import { AccountSettingsModal } from '../account-settings-modal';
import { SessionChat } from '../session-chat';

const investorNav: readonly WorkspaceNavItem[] = [
  { label: 'Browse decks', to: paths.investor.home, icon: <IconLayoutGrid size={18} aria-hidden />, isExact: true },
  { label: 'Milestones', to: paths.investor.milestones, icon: <IconFlag3 size={18} aria-hidden /> },
  { label: 'Data rooms', to: paths.investor.dataRooms, icon: <IconFolders size={18} aria-hidden /> },
  { label: 'Investor info', to: paths.investor.profile, icon: <IconId size={18} aria-hidden /> },
];

/** The investor area's frame (every /investor route and /analysis). */
export function InvestorLayout() {
  const [isSettingsOpen, settings] = useDisclosure(false);
  return (
    <WorkspaceShell
      areaLabel="Investor"
      homePath={paths.investor.home}
      navItems={investorNav}
      userMenu={
        <Group gap={4} wrap="nowrap">
          <CommandPaletteButton />
          <InboxBell seeAllPath={paths.investor.inbox} />
          <UserMenu onOpenSettings={settings.open} />
        </Group>
      }
      navbarFooter={<SignOutButton />}
    >
      <Suspense fallback={<SectionFallback />}>
        <Outlet />
      </Suspense>
      <AccountSettingsModal accountRole="investor" isOpen={isSettingsOpen} onClose={settings.close} />
      <SessionChat title="Investor Chat" />
      <CommandPalette area="investor" />
      <KeyboardShortcuts />
    </WorkspaceShell>
  );
}
