import { FounderMentors } from '@/features/mentors/components/founder-mentors';

/** /founder/mentors: invite mentors, see who mentors you and the invitations waiting. */
export function FounderMentorsPage() {
  return <FounderMentors />;
}
