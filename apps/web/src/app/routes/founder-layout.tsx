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
import { paths } from '@/config/paths';
import { useLinkVisitToasts } from '@/features/links/hooks/use-link-visit-toasts';
import type { WorkspaceNavItem } from '@/shared/ui/workspace-shell';
import { AreaLayout } from './area-layout';

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

/** The founder area's frame (every /founder route), which also tells of share links being read. */
export function FounderLayout() {
  useLinkVisitToasts(linkVisitPlaces);
  return (
    <AreaLayout
      areaLabel="Founder"
      accountRole="user"
      homePath={paths.founder.home}
      navItems={founderNav}
      inboxPath={paths.founder.inbox}
      chatTitle="Founder Chat"
      search="founder"
    />
  );
}
