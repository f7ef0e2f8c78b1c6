import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import {
  areaRoleOf,
  authPagesOf,
  homePathOf,
  loginPathOf,
  postLoginTarget,
  verificationSuccessTarget,
} from './role-home';

describe('role homes for mentors', () => {
  it('gives mentors their own area, sign-in and signed-out pages', () => {
    expect(homePathOf('mentor')).toBe(paths.mentor.home);
    expect(loginPathOf('mentor')).toBe(paths.loginMentor);
    expect(authPagesOf('mentor')).toEqual({
      login: paths.loginMentor,
      signup: paths.signupMentor,
      forgotPassword: paths.forgotPasswordMentor,
    });
    expect(areaRoleOf(paths.mentor.inbox)).toBe('mentor');
  });

  it('brings a mentor back to the invitation they signed in from, and no one else', () => {
    const from = { pathname: paths.mentor.invitationPage, search: '?token=abc' };
    expect(postLoginTarget('mentor', from)).toBe(paths.mentor.invitation('abc'));
    expect(postLoginTarget('user', from)).toBe(paths.founder.home);
  });

  it('sends a mentor just verified to the mentor area, whatever else is stored', () => {
    expect(verificationSuccessTarget(['investor', 'mentor'], 'mentor')).toBe(paths.mentor.home);
    expect(verificationSuccessTarget(['mentor'])).toBe(paths.mentor.home);
    expect(verificationSuccessTarget(['investor', 'mentor'], 'investor')).toBe(paths.investor.home);
  });
});
