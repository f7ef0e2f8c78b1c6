import { IconFlag3, IconUsers } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import type { WorkspaceNavItem } from '@/shared/ui/workspace-shell';
import { AreaLayout } from './area-layout';

const mentorNav: readonly WorkspaceNavItem[] = [
  { label: 'Founders you mentor', to: paths.mentor.home, icon: <IconUsers size={18} aria-hidden />, isExact: true },
  { label: 'Milestones', to: paths.mentor.milestones, icon: <IconFlag3 size={18} aria-hidden /> },
];

/**
 * The mentor area's frame (every /mentor route but the invitation page, which anyone may open).
 * The chat widget talks with the founders the mentor helps (a mentorship ties them); no command
 * palette yet, as its search reaches founder and investor data only.
 */
export function MentorLayout() {
  return (
    <AreaLayout
      areaLabel="Mentor"
      accountRole="mentor"
      homePath={paths.mentor.home}
      navItems={mentorNav}
      inboxPath={paths.mentor.inbox}
      chatTitle="Mentor Chat"
    />
  );
}
