import { mentorInvitationPagePath } from '@deckvalid/contract/mentors';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('opens invitations where the server mail links to', () => {
    expect(paths.mentor.invitationPage).toBe(mentorInvitationPagePath);
    expect(paths.mentor.invitation('a b')).toBe(`${mentorInvitationPagePath}?token=a+b`);
  });
});
