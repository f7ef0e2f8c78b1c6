import { Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { MentoredFounders } from '@/features/mentors/components/mentored-founders';
import { clearPendingInvitation, readPendingInvitation } from '@/features/mentors/pending-invitation';
import { MentorDeckList } from '@/features/pitchdecks/components/mentor-deck-list';

/**
 * /mentor: the founders the mentor helps and their live decks, each leading to its deck page. A mentor who arrives with an invitation still open in
 * this tab (opened before signing in, or before creating the account and verifying it) is sent
 * back to it first.
 */
export function MentorHomePage() {
  const navigate = useNavigate();
  // Read once per mount and cleared in the effect, so StrictMode's second render sees it too.
  const [pendingToken] = useState(readPendingInvitation);

  useEffect(() => {
    if (!pendingToken) return;
    clearPendingInvitation();
    navigate(paths.mentor.invitation(pendingToken), { replace: true });
  }, [pendingToken, navigate]);

  if (pendingToken) return null;
  return (
    <Stack gap={40}>
      <MentoredFounders />
      <MentorDeckList deckPath={(id) => paths.mentor.deck(id)} />
    </Stack>
  );
}
