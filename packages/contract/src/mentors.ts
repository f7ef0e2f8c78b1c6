import { z } from 'zod';
import { emailSchema } from './auth';
import { formatCount, idSchema, textSchema } from './text';

/**
 * Mentors: people a founder trusts (advisors, accelerator mentors, angels) to go through a deck
 * before investors see it. A founder invites one by email; the mentorship starts when the mentor
 * accepts with a mentor account, and either side can end it, which ends every access at once.
 */
export const mentorLimits = {
  /** Characters of the note that goes with an invitation. */
  noteLength: 1_000,
  /** Days an invitation's link stays good. */
  invitationDays: 14,
  /** Invitations waiting for an answer that one founder may have at once. */
  pendingInvitationsPerFounder: 50,
} as const;

/** POST /api/v1/users/mentors/invitations: invite someone by email, with an optional note. */
export const createMentorInvitationBodySchema = z.object({
  email: emailSchema,
  note: textSchema({
    max: mentorLimits.noteLength,
    tooLong: `A note can have at most ${formatCount(mentorLimits.noteLength)} characters.`,
  }).optional(),
});
export type CreateMentorInvitationBody = z.infer<typeof createMentorInvitationBodySchema>;

/** An invitation the founder sent that nobody has accepted yet. */
export const mentorInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type MentorInvitation = z.infer<typeof mentorInvitationSchema>;
export const mentorInvitationResponseSchema = z.object({ invitation: mentorInvitationSchema });

/** A person on the other side of a mentorship, as either side sees them. */
export const mentorshipPartySchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type MentorshipParty = z.infer<typeof mentorshipPartySchema>;

/** GET /api/v1/users/mentors: the founder's mentors, newest first, and invitations still open. */
export const foundersMentorsResponseSchema = z.object({
  data: z.array(z.object({ mentor: mentorshipPartySchema, since: z.string() })),
  invitations: z.array(mentorInvitationSchema),
});
export type FoundersMentorsResponse = z.infer<typeof foundersMentorsResponseSchema>;

/** GET /api/v1/mentors/founders: the founders a mentor helps, newest first. */
export const mentorsFoundersResponseSchema = z.object({
  data: z.array(z.object({ founder: mentorshipPartySchema, since: z.string() })),
});
export type MentorsFoundersResponse = z.infer<typeof mentorsFoundersResponseSchema>;

/** POST /api/v1/mentors/invitations/accept: the token from the invitation mail's link. */
export const acceptMentorInvitationBodySchema = z.object({
  token: textSchema({ required: 'The invitation link is incomplete.', max: 200, trim: false }).min(
    1,
    'The invitation link is incomplete.',
  ),
});
export type AcceptMentorInvitationBody = z.infer<typeof acceptMentorInvitationBodySchema>;
export const acceptMentorInvitationResponseSchema = z.object({
  founder: z.object({ id: z.string(), name: z.string() }),
});
export type AcceptMentorInvitationResponse = z.infer<typeof acceptMentorInvitationResponseSchema>;

/** What the invitation page shows before anyone signs in: who invites, their note, until when. */
export const mentorInvitationPreviewResponseSchema = z.object({
  invitation: z.object({
    founder: z.object({ name: z.string() }),
    note: z.string().nullable(),
    expiresAt: z.string(),
  }),
});
export type MentorInvitationPreviewResponse = z.infer<typeof mentorInvitationPreviewResponseSchema>;

export const mentorParamsSchema = z.object({ mentorId: idSchema });
export const mentorInvitationParamsSchema = z.object({ invitationId: idSchema });
export const mentoredFounderParamsSchema = z.object({ founderId: idSchema });

const segment = encodeURIComponent;

/** The founder's calls on their mentors and invitations. */
export const founderMentorPaths = {
  mentors: '/api/v1/users/mentors',
  invitations: '/api/v1/users/mentors/invitations',
  mentor: (mentorId: string) => `/api/v1/users/mentors/${segment(mentorId)}`,
  invitation: (invitationId: string) => `/api/v1/users/mentors/invitations/${segment(invitationId)}`,
  mentorPattern: '/api/v1/users/mentors/:mentorId',
  invitationPattern: '/api/v1/users/mentors/invitations/:invitationId',
} as const;

/** The mentor's calls on the founders they help. */
export const mentorFounderPaths = {
  accept: '/api/v1/mentors/invitations/accept',
  /** No account needed: the token is the credential, as in the mail. */
  preview: '/api/v1/mentors/invitations/preview',
  founders: '/api/v1/mentors/founders',
  founder: (founderId: string) => `/api/v1/mentors/founders/${segment(founderId)}`,
  founderPattern: '/api/v1/mentors/founders/:founderId',
} as const;

/** The web page an invitation mail links to; `token` rides in the query. */
export const mentorInvitationPagePath = '/mentor/invitation';
