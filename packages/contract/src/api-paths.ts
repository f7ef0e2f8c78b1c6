import type { AccountRole } from './auth';

/** REST roots of the two account kinds (spec §7). */
export const authApiRoot: Record<AccountRole, string> = {
  user: '/api/v1/users',
  investor: '/api/v1/investors',
};

/** Auth call paths relative to a role's root; the same on both roots. */
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
  investorInfo: '/api/v1/investors/info',
  socketNamespace: '/chats',
} as const;
