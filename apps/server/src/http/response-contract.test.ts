import {
  founderProfileResponseSchema,
  type InvestorInfoBody,
  investorInfoResponseSchema,
  savedInvestorInfoResponseSchema,
} from '@deckvalid/contract/accounts';
import {
  apiPaths,
  authApiRoot,
  founderDeckPaths,
  investorDeckPaths,
  notificationSettingsPaths,
} from '@deckvalid/contract/api-paths';
import {
  type AccountRole,
  authResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  userDtoSchema,
} from '@deckvalid/contract/auth';
import { healthResponseSchema } from '@deckvalid/contract/health';
import {
  founderInterestPageSchema,
  founderInterestResponseSchema,
  founderInterestSchema,
  investorInterestResponseSchema,
  milestoneInvestorsResponseSchema,
} from '@deckvalid/contract/interests';
import {
  founderNotificationSettingsResponseSchema,
  investorNotificationSettingsResponseSchema,
} from '@deckvalid/contract/notifications';
import {
  deckAnalyticsResponseSchema,
  type FounderPitchDeck,
  founderDeckVersionsResponseSchema,
  founderPitchDeckPageSchema,
  founderPitchDeckResponseSchema,
  founderPitchDeckSchema,
  investorPitchDeckPageSchema,
  investorPitchDeckResponseSchema,
} from '@deckvalid/contract/pitchdecks';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import { storedUploadSchema, type UploadTicket, uploadTicketSchema } from '@deckvalid/contract/uploads';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { type SignedUp, signUp, strongPassword, uniqueEmail } from '../../test/accounts';
import { authHeaders, build, type TestContext } from '../../test/build';
import { expectContractShape } from '../../test/contract-shape';
import { deckDetails, deckPdf, readyDeck, uploadFile } from '../../test/decks';
import { codeOf, linkTokenOf } from '../../test/smtp-sink';

/**
 * Every route that answers JSON, called for real: each answer has exactly the keys of the
 * contract schema its route declares, at every depth. A second part makes services hand the
 * routes more than the contract allows and shows that none of it leaves the server.
 */
let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;
let laterInvestor: SignedUp;
let deck: FounderPitchDeck;
let interestId: string;

const inject = (options: InjectOptions) => ctx.app.fastify.inject(options);
const as = (account: SignedUp, options: InjectOptions) =>
  inject({ ...options, headers: { ...authHeaders(account.tokens), ...options.headers } });
const post = (url: string, payload: object) => inject({ method: 'POST', url, payload });

const pictureBytes = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const info: InvestorInfoBody = {
  firm: 'Harbour Ventures',
  title: null,
  thesis: null,
  sectors: ['Climate'],
  stages: ['Seed'],
  chequeSizeMin: 50_000,
  chequeSizeMax: 250_000,
  location: null,
  website: null,
};

/** A fresh unverified registration and the mail it caused. */
async function registered(role: AccountRole) {
  const email = uniqueEmail('shape');
  const reply = await post(`${authApiRoot[role]}/register`, { name: 'Shape Person', email, password: strongPassword });
  const mail = await ctx.sink.waitFor((message) => message.to.includes(email) && /verification/.test(message.subject));
  return { email, reply, mail };
}

beforeAll(async () => {
  ctx = await build();
  [founder, investor, laterInvestor] = await Promise.all([
    signUp(ctx, 'user', 'Ines Founder'),
    signUp(ctx, 'investor', 'Ola Investor'),
    signUp(ctx, 'investor', 'Pim Investor'),
  ]);
  deck = await readyDeck(ctx, founder);
  const shown = await as(investor, { method: 'POST', url: investorDeckPaths.interests(deck.id), payload: {} });
  expect(shown.statusCode).toBe(201);
  interestId = shown.json().interest.id;
});

afterAll(async () => {
  await ctx.close();
});

type Row = {
  route: string;
  status: number;
  schema: z.ZodType;
  /** Makes the call, arranging whatever it needs first; rows run in order and may build on earlier ones. */
  call: () => Promise<LightMyRequestResponse>;
};

const rows: Row[] = [
  {
    route: 'GET /api/health',
    status: 200,
    schema: healthResponseSchema,
    call: () => inject({ method: 'GET', url: apiPaths.health }),
  },
  {
    route: 'POST register',
    status: 202,
    schema: messageResponseSchema,
    call: async () => (await registered('user')).reply,
  },
  {
    route: 'POST verify/code',
    status: 200,
    schema: authResponseSchema,
    call: async () => {
      const { email, mail } = await registered('investor');
      return post(`${authApiRoot.investor}/verify/code`, { email, code: codeOf(mail) });
    },
  },
  {
    route: 'POST verify?service=email',
    status: 200,
    schema: authResponseSchema,
    call: async () => {
      const { email, mail } = await registered('user');
      return post(`${authApiRoot.user}/verify?service=email`, { email, token: linkTokenOf(mail) });
    },
  },
  {
    route: 'POST verify/send?service=email',
    status: 202,
    schema: messageResponseSchema,
    call: () => post(`${authApiRoot.user}/verify/send?service=email`, { email: uniqueEmail('nobody') }),
  },
  {
    route: 'POST login',
    status: 200,
    schema: authResponseSchema,
    call: () => post(`${authApiRoot.user}/login`, { email: founder.email, password: founder.password }),
  },
  {
    route: 'GET /api/v1/users/me',
    status: 200,
    schema: meResponseSchema,
    call: () => as(founder, { method: 'GET', url: `${authApiRoot.user}/me` }),
  },
  {
    route: 'GET /api/v1/investors/me',
    status: 200,
    schema: meResponseSchema,
    call: () => as(investor, { method: 'GET', url: `${authApiRoot.investor}/me` }),
  },
  {
    route: 'POST forgot-password',
    status: 202,
    schema: messageResponseSchema,
    call: () => post(`${authApiRoot.user}/forgot-password`, { email: uniqueEmail('nobody') }),
  },
  {
    route: 'POST forgot-reset-password',
    status: 200,
    schema: messageResponseSchema,
    call: async () => {
      const account = await signUp(ctx, 'user');
      await post(`${authApiRoot.user}/forgot-password`, { email: account.email });
      const mail = await ctx.sink.waitFor((m) => m.to.includes(account.email) && /reset code/.test(m.subject));
      return post(`${authApiRoot.user}/forgot-reset-password`, {
        email: account.email,
        code: codeOf(mail),
        password: 'brand-new-passphrase-9',
      });
    },
  },
  {
    route: 'POST reset-password',
    status: 200,
    schema: messageResponseSchema,
    call: async () =>
      as(await signUp(ctx, 'investor'), {
        method: 'POST',
        url: `${authApiRoot.investor}/reset-password`,
        payload: { currentPassword: strongPassword, newPassword: 'brand-new-passphrase-9' },
      }),
  },
  {
    route: 'POST logout',
    status: 200,
    schema: messageResponseSchema,
    call: async () => as(await signUp(ctx, 'user'), { method: 'POST', url: `${authApiRoot.user}/logout?type=current` }),
  },
  {
    route: 'GET /api/users/profile',
    status: 200,
    schema: founderProfileResponseSchema,
    call: () => as(founder, { method: 'GET', url: apiPaths.founderProfile }),
  },
  {
    route: 'PUT /api/users/profile',
    status: 200,
    schema: founderProfileResponseSchema,
    call: () => as(founder, { method: 'PUT', url: apiPaths.founderProfile, payload: { headline: 'Tides, measured.' } }),
  },
  {
    route: 'GET /api/users/profile/picture/upload',
    status: 200,
    schema: uploadTicketSchema,
    call: () =>
      as(founder, { method: 'GET', url: `${apiPaths.founderPictureUpload}?fileType=image/png&fileSize=2048` }),
  },
  {
    route: 'PUT uploadUrl (local storage)',
    status: 200,
    schema: storedUploadSchema,
    call: async () => {
      const { put } = await uploadFile(ctx, founder, pictureBytes, {
        fileType: 'image/png',
        ticketUrl: apiPaths.founderPictureUpload,
      });
      return put;
    },
  },
  {
    route: 'PUT /api/users/profile/picture',
    status: 200,
    schema: founderProfileResponseSchema,
    call: async () => {
      const { ticket } = await uploadFile(ctx, founder, pictureBytes, {
        fileType: 'image/png',
        ticketUrl: apiPaths.founderPictureUpload,
      });
      return as(founder, { method: 'PUT', url: apiPaths.founderPicture, payload: { key: ticket.key } });
    },
  },
  {
    route: 'DELETE /api/users/profile',
    status: 204,
    schema: noContentResponseSchema,
    call: async () =>
      as(await signUp(ctx, 'user'), {
        method: 'DELETE',
        url: apiPaths.founderProfile,
        payload: { password: strongPassword },
      }),
  },
  {
    route: 'GET /api/v1/investors/info (none yet)',
    status: 200,
    schema: investorInfoResponseSchema,
    call: () => as(investor, { method: 'GET', url: apiPaths.investorInfo }),
  },
  {
    route: 'POST /api/v1/investors/info',
    status: 201,
    schema: savedInvestorInfoResponseSchema,
    call: () => as(investor, { method: 'POST', url: apiPaths.investorInfo, payload: info }),
  },
  {
    route: 'PUT /api/v1/investors/info',
    status: 200,
    schema: savedInvestorInfoResponseSchema,
    call: () =>
      as(investor, { method: 'PUT', url: apiPaths.investorInfo, payload: { ...info, thesis: 'Ports and tides.' } }),
  },
  {
    route: 'GET /api/v1/investors/info',
    status: 200,
    schema: investorInfoResponseSchema,
    call: () => as(investor, { method: 'GET', url: apiPaths.investorInfo }),
  },
  {
    route: 'GET /api/v1/users/notifications',
    status: 200,
    schema: founderNotificationSettingsResponseSchema,
    call: () => as(founder, { method: 'GET', url: notificationSettingsPaths.user }),
  },
  {
    route: 'PUT /api/v1/users/notifications',
    status: 200,
    schema: founderNotificationSettingsResponseSchema,
    call: () => as(founder, { method: 'PUT', url: notificationSettingsPaths.user, payload: { interestShown: true } }),
  },
  {
    route: 'GET /api/v1/investors/notifications',
    status: 200,
    schema: investorNotificationSettingsResponseSchema,
    call: () => as(investor, { method: 'GET', url: notificationSettingsPaths.investor }),
  },
  {
    route: 'PUT /api/v1/investors/notifications',
    status: 200,
    schema: investorNotificationSettingsResponseSchema,
    call: () =>
      as(investor, { method: 'PUT', url: notificationSettingsPaths.investor, payload: { interestDecided: true } }),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/upload',
    status: 200,
    schema: uploadTicketSchema,
    call: () =>
      as(founder, { method: 'GET', url: `${founderDeckPaths.uploadTicket}?fileType=application/pdf&fileSize=2048` }),
  },
  {
    route: 'DELETE /api/v1/users/pitchdecks/file',
    status: 204,
    schema: noContentResponseSchema,
    call: async () => {
      const { ticket } = await uploadFile(ctx, founder, await deckPdf(1));
      return as(founder, {
        method: 'DELETE',
        url: `${founderDeckPaths.uploadedFile}?key=${encodeURIComponent(ticket.key)}`,
      });
    },
  },
  {
    route: 'POST /api/v1/users/pitchdecks',
    status: 201,
    schema: founderPitchDeckResponseSchema,
    call: async () => {
      const { ticket } = await uploadFile(ctx, founder, await deckPdf(2));
      return as(founder, {
        method: 'POST',
        url: founderDeckPaths.pitchDecks,
        payload: { key: ticket.key, ...deckDetails({ title: 'Second deck' }) },
      });
    },
  },
  {
    route: 'GET /api/v1/users/pitchdecks',
    status: 200,
    schema: founderPitchDeckPageSchema,
    call: () => as(founder, { method: 'GET', url: founderDeckPaths.pitchDecks }),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/{id}',
    status: 200,
    schema: founderPitchDeckResponseSchema,
    call: () => as(founder, { method: 'GET', url: founderDeckPaths.pitchDeck(deck.id) }),
  },
  {
    route: 'GET /api/v1/investors/pitchdecks',
    status: 200,
    schema: investorPitchDeckPageSchema,
    call: () => as(investor, { method: 'GET', url: `${investorDeckPaths.pitchDecks}?q=traction` }),
  },
  {
    route: 'GET /api/v1/investors/pitchdecks/{id}',
    status: 200,
    schema: investorPitchDeckResponseSchema,
    call: () => as(investor, { method: 'GET', url: investorDeckPaths.pitchDeck(deck.id) }),
  },
  {
    route: 'POST /api/v1/investors/pitchdecks/{id}/views',
    status: 204,
    schema: noContentResponseSchema,
    call: () =>
      as(investor, {
        method: 'POST',
        url: investorDeckPaths.views(deck.id),
        payload: { sessionId: crypto.randomUUID(), pages: [{ page: 1, seconds: 3 }] },
      }),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/{id}/analytics',
    status: 200,
    schema: deckAnalyticsResponseSchema,
    call: () => as(founder, { method: 'GET', url: founderDeckPaths.analytics(deck.id) }),
  },
  {
    route: 'POST /api/v1/investors/pitchdecks/{id}/interests',
    status: 201,
    schema: investorInterestResponseSchema,
    call: () =>
      as(laterInvestor, { method: 'POST', url: investorDeckPaths.interests(deck.id), payload: { note: 'Keen.' } }),
  },
  {
    route: 'PATCH /api/v1/investors/pitchdecks/{id}/interests',
    status: 200,
    schema: investorInterestResponseSchema,
    call: () =>
      as(laterInvestor, {
        method: 'PATCH',
        url: investorDeckPaths.interests(deck.id),
        payload: { status: 'withdrawn' },
      }),
  },
  {
    route: 'PATCH /api/v1/users/pitchdecks/{id}/interests/{interestId}',
    status: 200,
    schema: founderInterestResponseSchema,
    call: () =>
      as(founder, {
        method: 'PATCH',
        url: founderDeckPaths.interest(deck.id, interestId),
        payload: { status: 'accepted' },
      }),
  },
  {
    route: 'GET /api/v1/users/me/interests',
    status: 200,
    schema: founderInterestPageSchema,
    call: () => as(founder, { method: 'GET', url: founderDeckPaths.myInterests }),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/{id}/interests',
    status: 200,
    schema: founderInterestPageSchema,
    call: () => as(founder, { method: 'GET', url: founderDeckPaths.interests(deck.id) }),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/{id}/milestone-investors',
    status: 200,
    schema: milestoneInvestorsResponseSchema,
    call: () => as(founder, { method: 'GET', url: founderDeckPaths.milestoneInvestors(deck.id) }),
  },
  {
    route: 'PUT /api/v1/users/pitchdecks/{id}',
    status: 200,
    schema: founderPitchDeckResponseSchema,
    call: () =>
      as(founder, {
        method: 'PUT',
        url: founderDeckPaths.pitchDeck(deck.id),
        payload: deckDetails({ title: 'Tidewater seed round, revised' }),
      }),
  },
  {
    route: 'POST /api/v1/users/pitchdecks/{id}/versions',
    status: 201,
    schema: founderPitchDeckResponseSchema,
    call: async () => {
      const { ticket } = await uploadFile(ctx, founder, await deckPdf(2));
      return as(founder, { method: 'POST', url: founderDeckPaths.versions(deck.id), payload: { key: ticket.key } });
    },
  },
  {
    route: 'GET /api/v1/users/pitchdecks/{id}/versions',
    status: 200,
    schema: founderDeckVersionsResponseSchema,
    call: async () => {
      await ctx.app.background.drain();
      return as(founder, { method: 'GET', url: founderDeckPaths.versions(deck.id) });
    },
  },
  {
    route: 'GET /api/v1/users/pitchdecks/{id}/analytics?version=1',
    status: 200,
    schema: deckAnalyticsResponseSchema,
    call: () => as(founder, { method: 'GET', url: `${founderDeckPaths.analytics(deck.id)}?version=1` }),
  },
  {
    route: 'DELETE /api/v1/users/pitchdecks/{id}',
    status: 204,
    schema: noContentResponseSchema,
    call: async () => {
      const { ticket } = await uploadFile(ctx, founder, await deckPdf(1));
      const created = await as(founder, {
        method: 'POST',
        url: founderDeckPaths.pitchDecks,
        payload: { key: ticket.key, ...deckDetails({ title: 'Short-lived deck' }) },
      });
      await ctx.app.background.drain();
      return as(founder, { method: 'DELETE', url: founderDeckPaths.pitchDeck(created.json().pitchDeck.id) });
    },
  },
];

describe('every answer has exactly its contract keys', () => {
  it.each(rows)('$route', async ({ status, schema, call }) => {
    const reply = await call();
    expect(reply.statusCode, reply.body).toBe(status);
    if (status === 204) {
      expect(reply.body).toBe('');
      return;
    }
    expectContractShape(reply.json(), schema);
  });
});

describe('what services hand over beyond the contract stays on the server', () => {
  const secret = 'argon2id$must-not-leave';

  it('GET me answers the DTO even when the principal carries the stored row', async () => {
    const { sessions } = ctx.app.services.auth;
    const recall = sessions.authenticateFromMemory.bind(sessions);
    const spy = vi.spyOn(sessions, 'authenticateFromMemory').mockImplementation((presented) => {
      const principal = recall(presented);
      return principal && { ...principal, user: Object.assign({ ...principal.user }, { passwordHash: secret }) };
    });
    try {
      const reply = await as(founder, { method: 'GET', url: `${authApiRoot.user}/me` });
      expect(spy).toHaveBeenCalled();
      expect(reply.statusCode).toBe(200);
      expect(Object.keys(reply.json().user).sort()).toEqual(Object.keys(userDtoSchema.shape).sort());
      expect(reply.body).not.toContain(secret);
    } finally {
      spy.mockRestore();
    }
  });

  it('a founder deck and an interest list keep to their schemas', async () => {
    const { pitchDecks, interests } = ctx.app.services;
    const getMine = pitchDecks.getMine.bind(pitchDecks);
    const listMine = interests.listMine.bind(interests);
    const deckSpy = vi
      .spyOn(pitchDecks, 'getMine')
      .mockImplementation(async (...args) =>
        Object.assign(await getMine(...args), { founderId: founder.user.id, storageKey: secret }),
      );
    const interestSpy = vi.spyOn(interests, 'listMine').mockImplementation(async (...args) => {
      const page = await listMine(...args);
      return {
        ...page,
        data: page.data.map((row) => Object.assign({ ...row }, { investorId: 'inv-x', internalNote: secret })),
      };
    });
    try {
      const deckReply = await as(founder, { method: 'GET', url: founderDeckPaths.pitchDeck(deck.id) });
      expect(deckReply.statusCode).toBe(200);
      expect(Object.keys(deckReply.json().pitchDeck).sort()).toEqual(Object.keys(founderPitchDeckSchema.shape).sort());
      const listReply = await as(founder, { method: 'GET', url: founderDeckPaths.myInterests });
      expect(listReply.statusCode).toBe(200);
      const [first] = listReply.json().data;
      expect(Object.keys(first).sort()).toEqual(Object.keys(founderInterestSchema.shape).sort());
      for (const reply of [deckReply, listReply]) expect(reply.body).not.toContain(secret);
    } finally {
      deckSpy.mockRestore();
      interestSpy.mockRestore();
    }
  });

  it('an upload ticket keeps to its schema', async () => {
    const { uploads } = ctx.app.services;
    const issueTicket = uploads.issueTicket.bind(uploads);
    const spy = vi
      .spyOn(uploads, 'issueTicket')
      .mockImplementation(
        async (...args) => Object.assign(await issueTicket(...args), { signingSecret: secret }) satisfies UploadTicket,
      );
    try {
      const reply = await as(founder, {
        method: 'GET',
        url: `${founderDeckPaths.uploadTicket}?fileType=application/pdf&fileSize=2048`,
      });
      expect(reply.statusCode).toBe(200);
      expect(Object.keys(reply.json()).sort()).toEqual(Object.keys(uploadTicketSchema.shape).sort());
      expect(reply.body).not.toContain(secret);
    } finally {
      spy.mockRestore();
    }
  });
});
