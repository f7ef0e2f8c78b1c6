import type { Role, Tokens } from '@deckvalid/contract/auth';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { paths } from '@/config/paths';
import { navigateTo } from '@/shared/lib/navigation';
import { clearStoredTokens, readStoredTokens } from '@/shared/lib/token-storage';
import { credentialHeadersOf } from './credential-headers';
import { takePreflight } from './session-preflight';

/** A request that takes longer than this ends with status TIMEOUT_ERROR (spec §8). */
export const requestTimeoutMs = 15_000;

/**
 * Per-endpoint options: `role` names whose credentials the call carries when its URL does not
 * tell (chat, AI); `isPublic` marks calls a stranger makes (login, register, verify, forgot),
 * which carry no credentials and whose 401 ("wrong password") must not end a session.
 */
export type ApiExtraOptions = { role?: Role; isPublic?: boolean };

/** What the base query needs to know about the session in the store. */
export type SessionSnapshot = { role: Role | 'none'; tokens: Tokens | null };

export type BaseQueryOptions = {
  /** Origin prefix; empty in the browser (same origin), a test server's origin in tests. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Reads the active session from the store state. */
  selectSession: (state: unknown) => SessionSnapshot;
  /** The auth slice's logout action creator, passed in by app/ so shared never imports a feature. */
  logout: (role: Role) => UnknownAction;
};

export type AppBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions,
  FetchBaseQueryMeta
>;

/** Chat-room calls go to the investor sign-in on a 401, like investor calls (spec §8). */
const chatRoot = '/api/v1/chats';

/** The role a URL belongs to by its REST root, or null for calls shared by both roles. */
export function roleOfUrl(url: string): Role | null {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  if (path.startsWith('/api/v1/investors')) return 'investor';
  if (path.startsWith('/api/v1/mentors')) return 'mentor';
  if (path.startsWith('/api/v1/users') || path.startsWith('/api/users')) return 'user';
  return null;
}

/**
 * The one base query of the API slice: adds the credentials of the role the call belongs to
 * (the active session's tokens when that role is active, else that role's stored tokens), times
 * out after 15 s, and turns any 401 on a credentialed call into a sign-out of that role, unless
 * that session had already ended when the answer came.
 * FETCH_ERROR, TIMEOUT_ERROR and PARSING_ERROR come from fetchBaseQuery unchanged.
 */
export function createBaseQuery(options: BaseQueryOptions): AppBaseQuery {
  // Absolute same-origin URLs: identical in a browser, and they let jsdom tests use a fetch stub.
  const baseUrl = options.baseUrl ?? (typeof window !== 'undefined' ? window.location.origin : '');
  const rawBaseQuery = fetchBaseQuery({
    baseUrl,
    timeout: options.timeoutMs ?? requestTimeoutMs,
    // The session check start-up asked for before this code loaded, when this is that call.
    fetchFn: (request, init) => takePreflight(request as Request) ?? fetch(request, init),
  });

  /**
   * Whether `tokens` are still a session this tab holds: the active one, or the stored one of
   * `role`. A 401 for tokens it no longer holds answers a session that has already ended (the
   * person signed out, or in as someone else, while the call was in flight): it signs nobody out
   * and sends the page nowhere.
   */
  const isHeld = (role: Role | null, tokens: Tokens, state: unknown) => {
    const session = options.selectSession(state);
    const isActive = session.role === role && session.tokens?.token === tokens.token;
    return isActive || (role !== null && readStoredTokens(role)?.token === tokens.token);
  };

  return async (args, api, extraOptions) => {
    const request: FetchArgs = typeof args === 'string' ? { url: args } : args;
    const session = options.selectSession(api.getState());
    const isPublic = extraOptions?.isPublic === true;
    const activeRole = session.role === 'none' ? null : session.role;
    const role = extraOptions?.role ?? roleOfUrl(request.url) ?? activeRole;

    let tokens: Tokens | null = null;
    if (!isPublic && role) {
      tokens = session.role === role && session.tokens ? session.tokens : readStoredTokens(role);
    }

    const headers = new Headers(request.headers as HeadersInit | undefined);
    if (tokens) {
      for (const [name, value] of Object.entries(credentialHeadersOf(tokens))) headers.set(name, value);
    }

    const result = await rawBaseQuery({ ...request, headers }, api, extraOptions ?? {});

    if (result.error?.status === 401 && !isPublic && (!tokens || isHeld(role, tokens, api.getState()))) {
      // The server no longer knows this session: forget it everywhere, then sign in again.
      if (role) {
        clearStoredTokens(role);
        api.dispatch(options.logout(role));
      }
      const isInvestorSide = role === 'investor' || request.url.replace(/^https?:\/\/[^/]+/, '').startsWith(chatRoot);
      const signInPath = role === 'mentor' ? paths.loginMentor : isInvestorSide ? paths.loginInvestor : paths.login;
      navigateTo(signInPath, { replace: true });
    }
    return result;
  };
}
