import { z } from 'zod';
import { textSchema } from './text';

/** The three role names the system knows: founders (user), investors and mentors. */
export const roles = ['user', 'investor', 'mentor'] as const;
export type Role = (typeof roles)[number];

/** Roles with their own sign-up and sign-in screens: every role. */
export const accountRoles = roles;
export type AccountRole = (typeof accountRoles)[number];

/** Id prefixes by role: an id alone tells whose it is. */
export const idPrefixByRole: Record<Role, string> = { user: 'usr-', investor: 'inv-', mentor: 'mtr-' };

/** Header names of the three credentials every authenticated request carries. */
export const credentialHeaders = {
  authorization: 'authorization',
  controlSignature: 'x-control-signature',
  hashToken: 'x-hash-token',
} as const;

/** Password length limits (OWASP ASVS 5.0 §6.2): counted in characters, no composition rules. */
export const passwordLimits = { min: 8, max: 128 } as const;

/** One-time code rules. */
export const codeRules = {
  length: 6,
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
  resendAfterSeconds: 60,
} as const;

/** Failed-login throttle: this many failures per account and IP within the window answer 429. */
export const loginThrottle = { maxFailures: 10, windowSeconds: 15 * 60 } as const;

const characterCount = (value: string) => [...value].length;

/** A new password: 8–128 characters; the common-password check runs on the server. */
export const newPasswordSchema = textSchema({
  required: 'Enter a password.',
  // A cap on code units only; the rule a person reads is the character count below.
  max: passwordLimits.max * 2,
  tooLong: `Use at most ${passwordLimits.max} characters.`,
  trim: false,
})
  .refine((value) => characterCount(value) >= passwordLimits.min, {
    message: `Use at least ${passwordLimits.min} characters.`,
  })
  .refine((value) => characterCount(value) <= passwordLimits.max, {
    message: `Use at most ${passwordLimits.max} characters.`,
  });

/** A password being checked against the stored one: only bounded, never judged. */
export const currentPasswordSchema = textSchema({
  required: 'Enter your password.',
  max: 1024,
  tooLong: 'That password is too long.',
  trim: false,
}).min(1, 'Enter your password.');

export const emailSchema = textSchema({
  required: 'Enter your email address.',
  max: 254,
  tooLong: 'That email address is too long.',
})
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address.' }));

export const personNameSchema = textSchema({
  required: 'Enter your name.',
  max: 100,
  tooLong: 'Use at most 100 characters for your name.',
}).min(1, 'Enter your name.');

/** A 6-digit one-time code. */
export const codeSchema = textSchema({
  required: 'Enter the 6-digit code.',
  max: 64,
  tooLong: 'Enter the 6-digit code from the email.',
}).regex(/^\d{6}$/, 'Enter the 6-digit code from the email.');

export const registerBodySchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({ email: emailSchema, password: currentPasswordSchema });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST verify/code */
export const verifyCodeBodySchema = z.object({ email: emailSchema, code: codeSchema });
export type VerifyCodeBody = z.infer<typeof verifyCodeBodySchema>;

/** POST verify?service=email: the token from the link in the verification mail. */
export const verifyLinkBodySchema = z.object({
  email: emailSchema,
  token: textSchema({ required: 'The link is incomplete.', max: 200, trim: false }).min(16, 'The link is incomplete.'),
});
export type VerifyLinkBody = z.infer<typeof verifyLinkBodySchema>;

/** `?service=` of verify and verify/send; email is the only delivery service. */
export const verifyServiceQuerySchema = z.object({
  service: z.literal('email', { error: 'Only service=email is supported.' }),
});

/** POST verify/send?service=email */
export const sendCodeBodySchema = z.object({ email: emailSchema });
export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const forgotResetPasswordBodySchema = z.object({
  email: emailSchema,
  code: codeSchema,
  password: newPasswordSchema,
});
export type ForgotResetPasswordBody = z.infer<typeof forgotResetPasswordBodySchema>;

/** POST reset-password: signed in, proving the current password when the account has one. */
export const resetPasswordBodySchema = z.object({
  /** Required while the account has a password; left out to choose the first one (see `passwordRequired`). */
  currentPassword: currentPasswordSchema.optional(),
  newPassword: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The "choose your password" step after `passwordRequired`: POST reset-password without a current one. */
export const choosePasswordBodySchema = resetPasswordBodySchema.pick({ newPassword: true });
export type ChoosePasswordBody = z.infer<typeof choosePasswordBodySchema>;

/** POST logout?type=current|all */
export const logoutQuerySchema = z.object({
  type: z.enum(['current', 'all'], { error: 'type must be current or all.' }).default('current'),
});
export type LogoutQuery = z.infer<typeof logoutQuerySchema>;

/** The three credentials a session is made of. */
export const tokensSchema = z.object({
  /** A signed JWT naming the account, role and session. */
  token: z.string(),
  /** HMAC binding the token to the hash token; proves the two belong together. */
  controlSignature: z.string(),
  /** The session's secret; the server keeps only its hash. */
  hashToken: z.string(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const userDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
});
export type UserDto = z.infer<typeof userDtoSchema>;

/** Answer of login and of a verified registration. */
export const authResponseSchema = z.object({
  tokens: tokensSchema,
  user: userDtoSchema,
  /**
   * Present (true) only after verifying an account that two registrations gave different
   * passwords: neither was kept, and this session must choose one with reset-password.
   */
  passwordRequired: z.literal(true).optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Answer of calls that only acknowledge (register, resend, forgot-password, …). */
export const messageResponseSchema = z.object({
  /** A sentence for the person, the same whatever the account's state so it reveals nothing. */
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Answer of `me`. */
export const meResponseSchema = z.object({
  /** The signed-in account: exactly the DTO's fields, never the stored row. */
  user: userDtoSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Details of the 403 a login gets while the email is unverified. */
export const emailNotVerifiedDetailsSchema = z.object({
  reason: z.literal('EMAIL_NOT_VERIFIED'),
  email: z.string(),
  name: z.string(),
});
