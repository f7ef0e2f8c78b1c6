import { describe, expect, it } from 'vitest';
import { saveStoredTokens } from '@/shared/lib/token-storage';
import { initialAuthState } from './auth-slice';
import { restoreSession } from './restore-session';

const founderTokens = { token: 'f.jwt', controlSignature: 'f-sig', hashToken: 'f-hash' };
const investorTokens = { token: 'i.jwt', controlSignature: 'i-sig', hashToken: 'i-hash' };
const mentorTokens = { token: 'm.jwt', controlSignature: 'm-sig', hashToken: 'm-hash' };

describe('restoreSession', () => {
  it('restores nothing when nothing is stored', () => {
    expect(restoreSession('/founder')).toEqual(initialAuthState);
    expect(restoreSession('/investor')).toEqual(initialAuthState);
  });

  it('lets the URL area pick the role when both are stored', () => {
    saveStoredTokens('user', founderTokens);
    saveStoredTokens('investor', investorTokens);
    expect(restoreSession('/founder/pitchdecks')).toEqual({
      isAuthenticated: true,
      role: 'user',
      tokens: founderTokens,
      user: null,
    });
    expect(restoreSession('/investor/company/42')).toMatchObject({ role: 'investor', tokens: investorTokens });
    expect(restoreSession('/analysis/deck-1')).toMatchObject({ role: 'investor', tokens: investorTokens });
  });

  it('restores the other role in an area whose role has no tokens, so the guard sends that person home', () => {
    saveStoredTokens('investor', investorTokens);
    expect(restoreSession('/founder')).toMatchObject({ isAuthenticated: true, role: 'investor' });
  });

  it('stays signed out in an area when no role has tokens', () => {
    expect(restoreSession('/founder')).toEqual(initialAuthState);
    expect(restoreSession('/investor')).toEqual(initialAuthState);
  });

  it('restores the one stored role on the landing page, which sends that person home', () => {
    saveStoredTokens('user', founderTokens);
    expect(restoreSession('/')).toMatchObject({ isAuthenticated: true, role: 'user', tokens: founderTokens });
  });

  it('restores neither role on the landing page when both are stored, so the chooser can show', () => {
    saveStoredTokens('user', founderTokens);
    saveStoredTokens('investor', investorTokens);
    expect(restoreSession('/')).toEqual(initialAuthState);
  });

  it("restores a mentor's tokens in the mentor area and on its signed-out pages, before any other role's", () => {
    saveStoredTokens('user', founderTokens);
    saveStoredTokens('mentor', mentorTokens);
    for (const path of ['/mentor', '/mentor/invitation?token=abc', '/login/mentor', '/signup/mentor']) {
      expect(restoreSession(path)).toMatchObject({ role: 'mentor', tokens: mentorTokens });
    }
    expect(restoreSession('/founder')).toMatchObject({ role: 'user' });
  });

  it('restores a founder on a mentor invitation when no mentor is stored, so the page can say who is signed in', () => {
    saveStoredTokens('user', founderTokens);
    expect(restoreSession('/mentor/invitation?token=abc')).toMatchObject({ role: 'user' });
  });

  it('restores a lone mentor on the landing page, which sends them home', () => {
    saveStoredTokens('mentor', mentorTokens);
    expect(restoreSession('/')).toMatchObject({ isAuthenticated: true, role: 'mentor' });
  });

  it('restores on the sign-in, sign-up and reset pages (they send signed-in users home), preferring the page role', () => {
    saveStoredTokens('user', founderTokens);
    for (const path of ['/login', '/login/investor', '/signup', '/forgot-password']) {
      expect(restoreSession(path)).toMatchObject({ role: 'user' });
    }
    saveStoredTokens('investor', investorTokens);
    expect(restoreSession('/login/investor')).toMatchObject({ role: 'investor' });
    expect(restoreSession('/login')).toMatchObject({ role: 'user' });
  });

  it('restores on the verification page opened without a link (the guard sends the person home), investor first', () => {
    saveStoredTokens('user', founderTokens);
    expect(restoreSession('/verification')).toMatchObject({ isAuthenticated: true, role: 'user' });
    saveStoredTokens('investor', investorTokens);
    expect(restoreSession('/verification')).toMatchObject({ isAuthenticated: true, role: 'investor' });
  });

  it('does not restore on the verification page opened from an emailed link: it may be another account', () => {
    saveStoredTokens('user', founderTokens);
    const link = `/verification?type=investor&email=ravi%40example.com&username=Ravi&token=${'a'.repeat(32)}`;
    expect(restoreSession(link)).toEqual(initialAuthState);
  });

  it('restores the only stored role on the dashboard aliases, and neither when both are stored', () => {
    saveStoredTokens('investor', investorTokens);
    expect(restoreSession('/dashboard')).toMatchObject({ role: 'investor' });
    expect(restoreSession('/user/dashboard')).toMatchObject({ role: 'investor' });
    expect(restoreSession('/dashboard/anything')).toMatchObject({ role: 'investor' });
    saveStoredTokens('user', founderTokens);
    expect(restoreSession('/dashboard')).toEqual(initialAuthState);
  });

  it('treats unreadable tokens as absent', () => {
    localStorage.setItem('user_tokens', '{"token":');
    expect(restoreSession('/founder')).toEqual(initialAuthState);
  });
});
