import type { AccountRole } from './auth';

/** REST roots of the account kinds (spec §7), mentors beside founders and investors. */
export const authApiRoot: Record<AccountRole, string> = {
  user: '/api/v1/users',
  investor: '/api/v1/investors',
  mentor: '/api/v1/mentors',
};

/** Auth call paths relative to a role's root; the same on every root. */
export const authPaths = {
  register: '/register',
  login: '/login',
  logout: '/logout',
  verifyLink: '/verify',
  verifyCode: '/verify/code',
  sendCode: '/verify/send',
  forgotPassword: '/forgot-password',
  forgotResetPassword: '/forgot-reset-password',
  resetPassword: '/reset-password',
  me: '/me',
} as const;

export const apiPaths = {
  health: '/api/health',
  founderProfile: '/api/users/profile',
  founderPictureUpload: '/api/users/profile/picture/upload',
  founderPicture: '/api/users/profile/picture',
  investorInfo: '/api/v1/investors/info',
  socketNamespace: '/chats',
} as const;

/** Each role's mail notification settings (our addition to spec §7, under the role's root). */
export const notificationSettingsPaths: Record<AccountRole, string> = {
  user: '/api/v1/users/notifications',
  investor: '/api/v1/investors/notifications',
  mentor: '/api/v1/mentors/notifications',
};

/**
 * The inbox (issue 18, our addition to spec §7): one for each account whatever its role, so both
 * roles call the same paths with their own credentials.
 */
export const inboxPaths = {
  list: '/api/v1/notifications',
  readAll: '/api/v1/notifications/read',
  read: (notificationId: string) => `/api/v1/notifications/${encodeURIComponent(notificationId)}/read`,
  /** The route pattern of `read`, for the server's router. */
  readPattern: '/api/v1/notifications/:notificationId/read',
} as const;

/** Founder deck and interest calls (spec §7, User API). */
export const founderDeckPaths = {
  uploadTicket: '/api/v1/users/pitchdecks/upload',
  uploadedFile: '/api/v1/users/pitchdecks/file',
  pitchDecks: '/api/v1/users/pitchdecks',
  pitchDeck: (id: string) => `/api/v1/users/pitchdecks/${encodeURIComponent(id)}`,
  analytics: (id: string) => `/api/v1/users/pitchdecks/${encodeURIComponent(id)}/analytics`,
  /** The validation report of a version of the founder's deck (issue 19). */
  analysis: (id: string) => `/api/v1/users/pitchdecks/${encodeURIComponent(id)}/analysis`,
  /** A deck's versions (GET) and a new one (POST); not in spec §7. */
  versions: (id: string) => `/api/v1/users/pitchdecks/${encodeURIComponent(id)}/versions`,
  interests: (id: string) => `/api/v1/users/pitchdecks/${encodeURIComponent(id)}/interests`,
  interest: (id: string, interestId: string) =>
    `/api/v1/users/pitchdecks/${encodeURIComponent(id)}/interests/${encodeURIComponent(interestId)}`,
  milestoneInvestors: (id: string) => `/api/v1/users/pitchdecks/${encodeURIComponent(id)}/milestone-investors`,
  myInterests: '/api/v1/users/me/interests',
  /** The founder's reading summary across their decks (our addition to spec §7). */
  readingActivity: '/api/v1/users/me/reading-activity',
} as const;

/** Investor deck and interest calls (spec §7, Investor API). */
export const investorDeckPaths = {
  pitchDecks: '/api/v1/investors/pitchdecks',
  pitchDeck: (id: string) => `/api/v1/investors/pitchdecks/${encodeURIComponent(id)}`,
  interests: (id: string) => `/api/v1/investors/pitchdecks/${encodeURIComponent(id)}/interests`,
  views: (id: string) => `/api/v1/investors/pitchdecks/${encodeURIComponent(id)}/views`,
  /** The validation report of the deck's live version (issue 19). */
  analysis: (id: string) => `/api/v1/investors/pitchdecks/${encodeURIComponent(id)}/analysis`,
  /** The investor's own interests across decks (our addition to spec §7). */
  myInterests: '/api/v1/investors/me/interests',
} as const;

/** A mentor's reads of the decks of the founders they mentor (our addition to spec §7). */
export const mentorDeckPaths = {
  pitchDecks: '/api/v1/mentors/pitchdecks',
  pitchDeck: (id: string) => `/api/v1/mentors/pitchdecks/${encodeURIComponent(id)}`,
  /** Ready versions, newest first. */
  versions: (id: string) => `/api/v1/mentors/pitchdecks/${encodeURIComponent(id)}/versions`,
  /** The validation report of a ready version (`?version=`; the live one without). */
  analysis: (id: string) => `/api/v1/mentors/pitchdecks/${encodeURIComponent(id)}/analysis`,
} as const;

/** Signed file addresses served by the local storage driver (S3 hands out its own). */
export const storagePathPrefix = '/api/v1/storage/';

/** The investor copilot (spec §7 `POST /api/v1/ai/chat`; the action and reply calls are ours, docs/api.md). */
export const aiPaths = {
  chat: '/api/v1/ai/chat',
  /** POST: run a proposed action, once. */
  confirmAction: (id: string) => `/api/v1/ai/actions/${encodeURIComponent(id)}/confirm`,
  /** POST: drop a proposed action. */
  cancelAction: (id: string) => `/api/v1/ai/actions/${encodeURIComponent(id)}/cancel`,
  /** The route patterns of the two above, for the server's router. */
  confirmActionPattern: '/api/v1/ai/actions/:id/confirm',
  cancelActionPattern: '/api/v1/ai/actions/:id/cancel',
  /** GET `?messageIds=a,b`: the structured part of stored replies. */
  replies: '/api/v1/ai/replies',
} as const;

/**
 * Sign-in through external identity providers (spec §7 OAuth, issue 21). The provider sends the
 * browser back to the web app's `/oauth/callback`, never to these calls.
 */
export const oauthPaths = {
  /** GET: the enabled providers, for the sign-in and sign-up screens. */
  providers: '/api/v1/oauth/providers',
  /** GET: `{ url }` of the provider's authorization page for a sign-in as `role`. */
  start: (provider: string, role: AccountRole) =>
    `/api/v1/oauth/${encodeURIComponent(provider)}/${encodeURIComponent(role)}`,
  /** POST `{ code | error, state }` → `{ exchangeCode, role }`. */
  callback: (provider: string) => `/api/v1/oauth/${encodeURIComponent(provider)}/callback`,
  /** POST `{ exchangeCode }` → `{ tokens, user }`. */
  exchange: (provider: string) => `/api/v1/oauth/${encodeURIComponent(provider)}/exchange`,
  /** The route patterns of the three above, for the server's router. */
  startPattern: '/api/v1/oauth/:provider/:role',
  callbackPattern: '/api/v1/oauth/:provider/callback',
  exchangePattern: '/api/v1/oauth/:provider/exchange',
} as const;

/** The providers linked to the signed-in account (account settings), under each role's root. */
export const linkedIdentityPaths: Record<
  AccountRole,
  { list: string; unlink: (provider: string) => string; unlinkPattern: string }
> = {
  user: {
    list: '/api/v1/users/oauth-identities',
    unlink: (provider) => `/api/v1/users/oauth-identities/${encodeURIComponent(provider)}`,
    unlinkPattern: '/api/v1/users/oauth-identities/:provider',
  },
  investor: {
    list: '/api/v1/investors/oauth-identities',
    unlink: (provider) => `/api/v1/investors/oauth-identities/${encodeURIComponent(provider)}`,
    unlinkPattern: '/api/v1/investors/oauth-identities/:provider',
  },
  mentor: {
    list: '/api/v1/mentors/oauth-identities',
    unlink: (provider) => `/api/v1/mentors/oauth-identities/${encodeURIComponent(provider)}`,
    unlinkPattern: '/api/v1/mentors/oauth-identities/:provider',
  },
};
