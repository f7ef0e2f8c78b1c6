import {
  type AcceptMentorInvitationResponse,
  founderMentorPaths,
  type MentorInvitation,
  mentorFounderPaths,
} from '@deckvalid/contract/mentors';
import { expect } from 'vitest';
import { type SignedUp, signUp, uniqueEmail } from './accounts';
import { authHeaders, type TestContext } from './build';
import type { ReceivedMail } from './smtp-sink';

/** The token of the link in a mentor invitation mail. */
export function invitationTokenOf(mail: ReceivedMail): string {
  const token = /mentor\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no invitation link in mail "${mail.subject}"`);
  return token;
}

/** A founder invites `email` (201 expected); answers the invitation and the token its mail carried. */
export async function inviteMentor(
  ctx: TestContext,
  founder: SignedUp,
  email: string,
  note?: string,
): Promise<{ invitation: MentorInvitation; token: string }> {
  // Mails already here are older invitations to the same address.
  const earlier = new Set(ctx.sink.messages);
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: founderMentorPaths.invitations,
    headers: authHeaders(founder.tokens),
    payload: { email, ...(note === undefined ? {} : { note }) },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  const { invitation } = reply.json() as { invitation: MentorInvitation };
  const mail = await ctx.sink.waitFor(
    (message) =>
      !earlier.has(message) &&
      message.to.includes(email.toLowerCase()) &&
      /invites you to mentor/.test(message.subject),
  );
  return { invitation, token: invitationTokenOf(mail) };
}

/** The mentor accepts with `token` (200 expected). */
export async function acceptInvitation(
  ctx: TestContext,
  mentor: SignedUp,
  token: string,
): Promise<AcceptMentorInvitationResponse> {
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: mentorFounderPaths.accept,
    headers: authHeaders(mentor.tokens),
    payload: { token },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as AcceptMentorInvitationResponse;
}

/** A mentor named `name` who accepted `founder`'s invitation. */
export async function addMentor(ctx: TestContext, founder: SignedUp, name: string) {
  const email = uniqueEmail('mentor');
  const mentor = await signUp(ctx, 'mentor', name, { email });
  const { invitation, token } = await inviteMentor(ctx, founder, email);
  await acceptInvitation(ctx, mentor, token);
  return { mentor, invitation, token };
}

/** A founder and a mentor who accepted the founder's invitation. */
export async function aFounderWithMentor(ctx: TestContext) {
  const founder = await signUp(ctx, 'user', 'Ada Founder');
  return { founder, ...(await addMentor(ctx, founder, 'Mia Mentor')) };
}
