import type { AccountRole } from '@deckvalid/contract/auth';
import { Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ComponentProps, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { UserMenu } from '@/features/auth/components/user-menu';
import { InboxBell } from '@/features/notifications/components/inbox-bell';
import { CommandPalette, CommandPaletteButton } from '@/features/search/components/command-palette';
import { KeyboardShortcuts } from '@/features/search/components/keyboard-shortcuts';
import type { PaletteArea } from '@/features/search/palette-model';
import { SectionFallback } from '@/shared/ui/section-fallback';
import { type WorkspaceNavItem, WorkspaceShell } from '@/shared/ui/workspace-shell';
import { AccountSettingsModal } from '../account-settings-modal';
import { SessionChat } from '../session-chat';

type AreaLayoutProps = {
  /** The area's name on the badge beside the brand: "Founder". */
  areaLabel: string;
  accountRole: AccountRole;
  homePath: string;
  navItems: readonly WorkspaceNavItem[];
  /** The bell's "See all". */
  inboxPath: string;
  /** The chat widget's title (spec §9). */
  chatTitle: ComponentProps<typeof SessionChat>['title'];
  /** The command palette's area; none where search reaches nothing of the role's (mentors). */
  search?: PaletteArea;
};

/**
 * The frame of a signed-in area, the same for the three roles: the nav, the search, the bell and
 * the account menu, the page, account settings and the chat widget.
 */
export function AreaLayout({
  areaLabel,
  accountRole,
  homePath,
  navItems,
  inboxPath,
  chatTitle,
  search,
}: AreaLayoutProps) {
  const [isSettingsOpen, settings] = useDisclosure(false);
  return (
    <WorkspaceShell
      areaLabel={areaLabel}
      homePath={homePath}
      navItems={navItems}
      userMenu={
        <Group gap={4} wrap="nowrap">
          {search ? <CommandPaletteButton /> : null}
          <InboxBell seeAllPath={inboxPath} />
          <UserMenu onOpenSettings={settings.open} />
        </Group>
      }
      navbarFooter={<SignOutButton />}
    >
      <Suspense fallback={<SectionFallback />}>
        <Outlet />
      </Suspense>
      <AccountSettingsModal accountRole={accountRole} isOpen={isSettingsOpen} onClose={settings.close} />
      <SessionChat title={chatTitle} />
      {search ? (
        <>
          <CommandPalette area={search} />
          <KeyboardShortcuts />
        </>
      ) : null}
    </WorkspaceShell>
  );
}
