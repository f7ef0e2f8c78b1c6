import { Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChartLine,
  IconFileUpload,
  IconFlag3,
  IconFolders,
  IconHome,
  IconPresentation,
  IconSchool,
  IconUsers,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useLinkVisitToasts } from '@/features/links/hooks/use-link-visit-toasts';
import { InboxBell } from '@/features/notifications/components/inbox-bell';
import { CommandPalette, CommandPaletteButton } from '@/features/search/components/command-palette';
import { KeyboardShortcuts } from '@/features/search/components/keyboard-shortcuts';
import { SectionFallback } from '@/shared/ui/section-fallback';
import { type WorkspaceNavItem, WorkspaceShell } from '@/shared/ui/workspace-shell';
import { AccountSettingsModal } from '../account-settings-modal';
import { SessionChat } from '../session-chat';

const founderNav: readonly WorkspaceNavItem[] = [
  { label: 'Home', to: paths.founder.home, icon: <IconHome size={18} aria-hidden />, isExact: true },
  { label: 'Pitch decks', to: paths.founder.pitchdecks, icon: <IconPresentation size={18} aria-hidden /> },
  { label: 'Submit deck', to: paths.founder.submit, icon: <IconFileUpload size={18} aria-hidden /> },
  { label: 'My investors', to: paths.founder.myInvestors, icon: <IconUsers size={18} aria-hidden /> },
  { label: 'Milestones', to: paths.founder.milestones, icon: <IconFlag3 size={18} aria-hidden /> },
  { label: 'Data rooms', to: paths.founder.dataRooms, icon: <IconFolders size={18} aria-hidden /> },
  { label: 'Mentors', to: paths.founder.mentors, icon: <IconSchool size={18} aria-hidden /> },
  { label: 'Trends', to: paths.founder.trends, icon: <IconChartLine size={18} aria-hidden /> },
];

const linkVisitPlaces = {
  deckShareTab: (deckId: string) => paths.founder.view(deckId, { tab: 'share' }),
  dataRoom: (roomId: string) => paths.founder.dataRoom(roomId),
};

/** The founder area's frame (every /founder route). */
export function FounderLayout() {
  const [isSettingsOpen, settings] = useDisclosure(false);
  useLinkVisitToasts(linkVisitPlaces);
  return (
    <WorkspaceShell
      areaLabel="Founder"
      homePath={paths.founder.home}
      navItems={founderNav}
      userMenu={
        <Group gap={4} wrap="nowrap">
          <CommandPaletteButton />
          <InboxBell seeAllPath={paths.founder.inbox} />
          <UserMenu onOpenSettings={settings.open} />
        </Group>
      }
      navbarFooter={<SignOutButton />}
    >
      <Suspense fallback={<SectionFallback />}>
        <Outlet />
      </Suspense>
      <AccountSettingsModal accountRole="user" isOpen={isSettingsOpen} onClose={settings.close} />
      <SessionChat title="Founder Chat" />
      <CommandPalette area="founder" />
      <KeyboardShortcuts />
    </WorkspaceShell>
  );
}
