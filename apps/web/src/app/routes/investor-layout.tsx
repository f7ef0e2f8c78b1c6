import { IconFlag3, IconFolders, IconId, IconLayoutGrid } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import type { WorkspaceNavItem } from '@/shared/ui/workspace-shell';
import { AreaLayout } from './area-layout';

const investorNav: readonly WorkspaceNavItem[] = [
  { label: 'Browse decks', to: paths.investor.home, icon: <IconLayoutGrid size={18} aria-hidden />, isExact: true },
  { label: 'Milestones', to: paths.investor.milestones, icon: <IconFlag3 size={18} aria-hidden /> },
  { label: 'Data rooms', to: paths.investor.dataRooms, icon: <IconFolders size={18} aria-hidden /> },
  { label: 'Investor info', to: paths.investor.profile, icon: <IconId size={18} aria-hidden /> },
];

/** The investor area's frame (every /investor route and /analysis). */
export function InvestorLayout() {
  return (
    <AreaLayout
      areaLabel="Investor"
      accountRole="investor"
      homePath={paths.investor.home}
      navItems={investorNav}
      inboxPath={paths.investor.inbox}
      chatTitle="Investor Chat"
      search="investor"
    />
  );
}
