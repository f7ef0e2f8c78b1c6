import { analysisSectionKeys } from '@deckvalid/contract/analysis';
import { authApiRoot, founderDeckPaths, mentorDeckPaths } from '@deckvalid/contract/api-paths';
import type { AuthResponse } from '@deckvalid/contract/auth';
import { dataRoomGrantPaths, dataRoomPaths, investorDataRoomPaths } from '@deckvalid/contract/datarooms';
import { deckCommentPaths } from '@deckvalid/contract/deck-comments';
import { deckComparePaths } from '@deckvalid/contract/deck-compare';
import { deckReviewPaths } from '@deckvalid/contract/deck-reviews';
import { publicLinkPaths, roomLinkPaths, sharedDeckPaths } from '@deckvalid/contract/links';
import { founderMentorPaths, mentorFounderPaths } from '@deckvalid/contract/mentors';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../test/accounts';
import { authHeaders, build, type TestContext } from '../../test/build';
import { addRoomFile, createDataRoom, createFolder } from '../../test/datarooms';
import { addVersion, createDeck, deckPdf, processed, readyDeck, uploadFile } from '../../test/decks';
import { acceptInvitation, inviteMentor } from '../../test/mentors';
import { type MilestoneFixtures, meetBody, milestoneFixtures } from '../../test/milestones';
import { principal } from '../../test/principals';
import { registeredRoutes, routeShape } from '../../test/routes';
import {
  type MentorThreadFixtures,
  mentorThreadFixtures,
  type ThreadFixtures,
  threadFixtures,
} from '../../test/threads';
import { openApiPaths } from './openapi';

/**
 * Every authenticated route × every kind of caller, with the expected status, like a policy
 * table. Account-level routes act on the caller's own account, so "other" callers see their own
 * data; object-level rows act on objects of `founder` and `investor` (decks, interests, uploads),
 * so the "other" callers show what a stranger to the object gets. `mentor` mentors `founder`;
 * `otherMentor` mentors nobody.
 */
type Caller = 'anonymous' | 'founder' | 'investor' | 'otherFounder' | 'otherInvestor' | 'mentor' | 'otherMentor';

/** Objects the object-level rows act on, made in beforeAll. */
type Fixtures = MilestoneFixtures &
  ThreadFixtures &
  MentorThreadFixtures & {
    /** A ready deck of `founder`, with a pending interest of `investor`. */
    deckId: string;
    interestId: string;
    /** A ready deck nobody has shown interest in. */
    freshDeckId: string;
    /** A ready deck on which both investors have a pending interest. */
    interestedDeckId: string;
    /** A deck of `founder` the table deletes. */
    disposableDeckId: string;
    /** A deck of `founder` whose processing failed. */
    failedDeckId: string;
    /** Uploads of `founder` that nothing uses yet. */
    deckKey: string;
    versionKey: string;
    spareDeckKey: string;
    pictureKey: string;
    /** Signed URLs of the local storage driver. */
    fileUrl: string;
    uploadUrl: string;
    /** A notification in `founder`'s inbox. */
    notificationId: string;
    /** `founder` and `investor`'s private chat room, and their account ids. */
    chatRoomId: string;
    /** `investor`'s copilot room. */
    botRoomId: string;
    /** Messages of `founder` in `chatRoomId`: one the table edits and reacts to, one it deletes. */
    chatMessageId: string;
    deletableMessageId: string;
    /** Copilot proposals to `investor` (show interest in a deck nobody else touches), and a stored reply. */
    confirmActionId: string;
    cancelActionId: string;
    aiReplyId: string;
    /** Groups `founder` made with `investor`: one the table removes `investor` from, one both leave. */
    removalGroupId: string;
    leavingGroupId: string;
    /** A group `founder` made with `investor` that the table renames and adds `otherInvestor` to. */
    addingGroupId: string;
    otherInvestorId: string;
    founderId: string;
    investorId: string;
    /** A share link on `deckId`: the table changes it, then ends it. */
    linkId: string;
    linkSlug: string;
    /**
     * A data room of `founder` with a folder and a PDF, given to `investor` through the accepted
     * interest of the milestone fixtures; a folder and a room the table deletes; an upload for it.
     */
    roomId: string;
    roomFolderId: string;
    roomFileId: string;
    roomGrantId: string;
    disposableRoomId: string;
    disposableRoomFolderId: string;
    roomUploadKey: string;
    /** A share link on `roomId`: the table changes it, then ends it. */
    roomLinkId: string;
    roomLinkSlug: string;
    /** An invitation of `founder` the table withdraws; a token `mentor` accepts (`otherMentor` finds it spent). */
    mentorInvitationId: string;
    mentorInvitationToken: string;
    /** An invitation nobody accepts: its page's preview answers whoever holds the token. */
    previewedInvitationToken: string;
    /** A mentor of `founder` whom the table's founder row lets go; `otherFounder`, whom `mentor` also mentors. */
    disposableMentorId: string;
    /** `mentor`, with whom `founder` shares `milestoneId`. */
    sharedMentorId: string;
    otherFounderId: string;
    /** Comments of `mentor` on `deckId`: one the table edits and resolves, one it deletes. */
    commentId: string;
    disposableCommentId: string;
    /** A deck of `founder` with two ready versions, to compare. */
    comparedDeckId: string;
  };

/** Headers given here (a content type) join the caller's credentials. */
type Request = InjectOptions;

type Row = {
  route: string;
  /** The call ends the caller's session: every caller signs in afresh before it runs. */
  endsSession?: boolean;
  request: Request | ((fixtures: Fixtures) => Request);
  expected: Record<Caller, number>;
};

const founderOnly = (ok: number) => ({
  anonymous: 401,
  founder: ok,
  investor: 403,
  otherFounder: ok,
  otherInvestor: 403,
  mentor: 403,
  otherMentor: 403,
});
const investorOnly = (ok: number) => ({
  anonymous: 401,
  founder: 403,
  investor: ok,
  otherFounder: 403,
  otherInvestor: ok,
  mentor: 403,
  otherMentor: 403,
});
const mentorOnly = (ok: number) => ({
  anonymous: 401,
  founder: 403,
  investor: 403,
  otherFounder: 403,
  otherInvestor: 403,
  mentor: ok,
  otherMentor: ok,
});

/**
 * Reads of what `founder` gives their mentor (their decks, the milestone shared with them): their
 * mentor gets `ok`, a mentor of nobody 404 (not revealed).
 */
const ownMentorOnly = (ok: number) => ({ ...mentorOnly(ok), otherMentor: 404 });

/** Page comments on `founder`'s deck: its founder and their mentor get `ok`; everyone else 404 (not revealed). */
const discussedDeck = (ok: number) => ({
  anonymous: 401,
  founder: ok,
  investor: 404,
  otherFounder: 404,
  otherInvestor: 404,
  mentor: ok,
  otherMentor: 404,
});
/** A comment of `mentor`: its author alone changes it. */
const commentAuthorOnly = (ok: number) => ({ ...discussedDeck(404), mentor: ok });

/** Public calls: every caller, signed in or not, gets the same answer. */
const everyone = (status: number) => ({
  anonymous: status,
  founder: status,
  investor: status,
  otherFounder: status,
  otherInvestor: status,
  mentor: status,
  otherMentor: status,
});

/** The deck's founder gets `ok`; another founder 404 (decks of others are not revealed); investors 403. */
const deckOwnerOnly = (ok: number) => ({ ...founderOnly(ok), otherFounder: 404 });

/** A whole review: every section of the report scored. */
const tableReview = {
  sections: analysisSectionKeys.map((key) => ({ key, score: 3 })),
  verdict: 'needs_work',
  summary: 'A review of the table.',
};

const unusedUploadBody = Buffer.from('%PDF-1.7\n%%EOF\n');

/** Milestone reads for investors: the investor accepted on the deck; another investor 404 (not revealed); founders 403. */
const milestoneFollowerOnly = (ok: number) => ({ ...investorOnly(ok), otherInvestor: 404 });
const founderMilestone =
  (method: Request['method'], path: (f: Fixtures) => string, payload?: object) => (f: Fixtures) => ({
    method,
    url: path(f),
    ...(payload ? { payload } : {}),
  });

/** Bodies that pass validation, so the status tells about authorisation only. */
const rows: Row[] = [
  {
    route: 'GET /api/v1/users/pitchdecks/upload',
    request: { method: 'GET', url: '/api/v1/users/pitchdecks/upload?fileType=application/pdf&fileSize=1048576' },
    expected: founderOnly(200),
  },
  {
    route: 'DELETE /api/v1/users/pitchdecks/file',
    request: (f) => ({
      method: 'DELETE',
      url: `/api/v1/users/pitchdecks/file?key=${encodeURIComponent(f.spareDeckKey)}`,
    }),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'POST /api/v1/users/pitchdecks',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/users/pitchdecks',
      payload: {
        key: f.deckKey,
        company: 'Acme',
        title: 'Acme seed',
        pitch: 'Anvils, delivered.',
        sector: 'Hardware',
        stage: 'Seed',
        amountSought: 500_000,
        location: 'Tucson',
      },
    }),
    // Another founder cannot make a deck from this founder's upload.
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/users/pitchdecks',
    request: { method: 'GET', url: '/api/v1/users/pitchdecks' },
    expected: founderOnly(200),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/:id',
    request: (f) => ({ method: 'GET', url: `/api/v1/users/pitchdecks/${f.deckId}` }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'DELETE /api/v1/users/pitchdecks/:id',
    request: (f) => ({ method: 'DELETE', url: `/api/v1/users/pitchdecks/${f.disposableDeckId}` }),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'PUT /api/v1/users/pitchdecks/:id',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/users/pitchdecks/${f.deckId}`,
      payload: {
        company: 'Acme',
        title: 'Acme seed, revised',
        pitch: 'Anvils, delivered faster.',
        sector: 'Hardware',
        stage: 'Seed',
        amountSought: 600_000,
        location: 'Tucson',
      },
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/:id/versions',
    request: (f) => ({ method: 'GET', url: `/api/v1/users/pitchdecks/${f.deckId}/versions` }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/users/pitchdecks/:id/versions',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/users/pitchdecks/${f.deckId}/versions`,
      payload: { key: f.versionKey },
    }),
    // Another founder learns nothing of the deck, not even that the upload is someone else's.
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/:id/analytics',
    request: (f) => ({ method: 'GET', url: `/api/v1/users/pitchdecks/${f.deckId}/analytics` }),
    expected: deckOwnerOnly(200),
  },
  // Share links: the founder's calls; the visitor's calls take no account (a session's token is
  // no viewer token), so every caller gets the same answer.
  {
    route: 'POST /api/v1/users/pitchdecks/:id/links',
    request: (f) => ({ method: 'POST', url: `/api/v1/users/pitchdecks/${f.deckId}/links`, payload: { name: 'Table' } }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/:id/links',
    request: (f) => ({ method: 'GET', url: `/api/v1/users/pitchdecks/${f.deckId}/links` }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PATCH /api/v1/users/pitchdecks/:id/links/:linkId',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/v1/users/pitchdecks/${f.deckId}/links/${f.linkId}`,
      payload: { name: 'Renamed' },
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/:id/links/:linkId/visitors',
    request: (f) => ({ method: 'GET', url: `/api/v1/users/pitchdecks/${f.deckId}/links/${f.linkId}/visitors` }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/links/:slug',
    request: (f) => ({ method: 'GET', url: `/api/v1/links/${f.linkSlug}` }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/v1/links/:slug/access (the link asks for an email)',
    request: (f) => ({ method: 'POST', url: `/api/v1/links/${f.linkSlug}/access`, payload: {} }),
    expected: everyone(403),
  },
  {
    route: 'GET /api/v1/links/:slug/file',
    request: (f) => ({ method: 'GET', url: `/api/v1/links/${f.linkSlug}/file` }),
    expected: everyone(401),
  },
  {
    route: 'GET /api/v1/links/:slug/download',
    request: (f) => ({ method: 'GET', url: `/api/v1/links/${f.linkSlug}/download` }),
    expected: everyone(401),
  },
  {
    route: 'POST /api/v1/links/:slug/views',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/links/${f.linkSlug}/views`,
      payload: { sessionId: '6f1c1d0e-3b8a-4c2e-9f4a-1d2e3f4a5b6c', pages: [{ page: 1, seconds: 1 }] },
    }),
    expected: everyone(401),
  },
  // A data room's links: the founder's calls as a deck's, and the visitor's room calls.
  {
    route: 'POST /api/v1/users/datarooms/:roomId/links',
    request: (f) => ({ method: 'POST', url: roomLinkPaths.links(f.roomId), payload: { name: 'Table' } }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/users/datarooms/:roomId/links',
    request: (f) => ({ method: 'GET', url: roomLinkPaths.links(f.roomId) }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PATCH /api/v1/users/datarooms/:roomId/links/:linkId',
    request: (f) => ({
      method: 'PATCH',
      url: roomLinkPaths.link(f.roomId, f.roomLinkId),
      payload: { name: 'Renamed' },
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/users/datarooms/:roomId/links/:linkId/visitors',
    request: (f) => ({ method: 'GET', url: roomLinkPaths.visitors(f.roomId, f.roomLinkId) }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/links/:slug/room',
    request: (f) => ({ method: 'GET', url: publicLinkPaths.room(f.roomLinkSlug) }),
    expected: everyone(401),
  },
  {
    route: 'GET /api/v1/links/:slug/items/:itemId/file',
    request: (f) => ({ method: 'GET', url: publicLinkPaths.roomFile(f.roomLinkSlug, f.roomFileId) }),
    expected: everyone(401),
  },
  {
    route: 'GET /api/v1/links/:slug/items/:itemId/download',
    request: (f) => ({ method: 'GET', url: publicLinkPaths.roomDownload(f.roomLinkSlug, f.roomFileId) }),
    expected: everyone(401),
  },
  {
    route: 'DELETE /api/v1/users/datarooms/:roomId/links/:linkId',
    request: (f) => ({ method: 'DELETE', url: roomLinkPaths.link(f.roomId, f.roomLinkId) }),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'DELETE /api/v1/users/pitchdecks/:id/links/:linkId',
    request: (f) => ({ method: 'DELETE', url: `/api/v1/users/pitchdecks/${f.deckId}/links/${f.linkId}` }),
    expected: deckOwnerOnly(204),
  },
  // An investor's decks kept from links they opened with their own proven email.
  {
    route: 'GET /api/v1/investors/me/shared-decks',
    request: { method: 'GET', url: sharedDeckPaths.sharedDecks },
    expected: investorOnly(200),
  },
  // Data rooms: the founder's room (another founder's is 404), then the investor it was given to
  // (another investor's is 404), then the deletes.
  {
    route: 'POST /api/v1/users/datarooms',
    request: { method: 'POST', url: dataRoomPaths.rooms, payload: { name: 'Table room' } },
    expected: founderOnly(201),
  },
  {
    route: 'GET /api/v1/users/datarooms',
    request: { method: 'GET', url: dataRoomPaths.rooms },
    expected: founderOnly(200),
  },
  {
    route: 'GET /api/v1/users/datarooms/:roomId',
    request: (f) => ({ method: 'GET', url: dataRoomPaths.room(f.roomId) }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PATCH /api/v1/users/datarooms/:roomId',
    request: (f) => ({ method: 'PATCH', url: dataRoomPaths.room(f.roomId), payload: { name: 'Renamed room' } }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/users/datarooms/:roomId/folders',
    request: (f) => ({ method: 'POST', url: dataRoomPaths.folders(f.roomId), payload: { name: 'Tax' } }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'PATCH /api/v1/users/datarooms/:roomId/items/:itemId',
    request: (f) => ({
      method: 'PATCH',
      url: dataRoomPaths.item(f.roomId, f.roomFolderId),
      payload: { name: 'Legal and tax' },
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/users/datarooms/upload',
    request: { method: 'GET', url: `${dataRoomPaths.uploadTicket}?fileType=application/pdf&fileSize=1024` },
    expected: founderOnly(200),
  },
  {
    route: 'POST /api/v1/users/datarooms/:roomId/files',
    request: (f) => ({
      method: 'POST',
      url: dataRoomPaths.files(f.roomId),
      payload: { key: f.roomUploadKey, name: 'Model.pdf' },
    }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/users/datarooms/:roomId/items/:itemId/file',
    request: (f) => ({ method: 'GET', url: dataRoomPaths.file(f.roomId, f.roomFileId) }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/users/datarooms/:roomId/grants',
    request: (f) => ({
      method: 'POST',
      url: dataRoomGrantPaths.grants(f.roomId),
      payload: { interestId: f.acceptedInterestId },
    }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/users/datarooms/:roomId/grants',
    request: (f) => ({ method: 'GET', url: dataRoomGrantPaths.grants(f.roomId) }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/datarooms',
    request: { method: 'GET', url: investorDataRoomPaths.rooms },
    expected: investorOnly(200),
  },
  {
    route: 'GET /api/v1/investors/datarooms/:roomId',
    request: (f) => ({ method: 'GET', url: investorDataRoomPaths.room(f.roomId) }),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/datarooms/:roomId/items/:itemId/file',
    request: (f) => ({ method: 'GET', url: investorDataRoomPaths.file(f.roomId, f.roomFileId) }),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'DELETE /api/v1/users/datarooms/:roomId/grants/:grantId',
    request: (f) => ({ method: 'DELETE', url: dataRoomGrantPaths.grant(f.roomId, f.roomGrantId) }),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'DELETE /api/v1/users/datarooms/:roomId/items/:itemId',
    request: (f) => ({ method: 'DELETE', url: dataRoomPaths.item(f.disposableRoomId, f.disposableRoomFolderId) }),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'DELETE /api/v1/users/datarooms/:roomId',
    request: (f) => ({ method: 'DELETE', url: dataRoomPaths.room(f.disposableRoomId) }),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/:id/analysis',
    request: (f) => ({ method: 'GET', url: `/api/v1/users/pitchdecks/${f.deckId}/analysis` }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/:id/interests',
    request: (f) => ({ method: 'GET', url: `/api/v1/users/pitchdecks/${f.deckId}/interests` }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PATCH /api/v1/users/pitchdecks/:id/interests/:interestId',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/v1/users/pitchdecks/${f.deckId}/interests/${f.interestId}`,
      payload: { status: 'accepted' },
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/:id/milestone-investors',
    request: (f) => ({ method: 'GET', url: `/api/v1/users/pitchdecks/${f.deckId}/milestone-investors` }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/users/me/interests',
    request: { method: 'GET', url: '/api/v1/users/me/interests' },
    expected: founderOnly(200),
  },
  {
    route: 'GET /api/v1/users/me/reading-activity',
    request: { method: 'GET', url: '/api/v1/users/me/reading-activity?timeZone=Europe/Paris' },
    // Account-level: each founder gets the summary of their own decks.
    expected: founderOnly(200),
  },
  {
    route: 'GET /api/v1/users/trends',
    request: { method: 'GET', url: '/api/v1/users/trends?from=2026-01-01&to=2026-03-31' },
    // Account-level: each founder gets the trends of their own decks.
    expected: founderOnly(200),
  },
  {
    route: 'GET /api/users/profile/picture/upload',
    request: { method: 'GET', url: '/api/users/profile/picture/upload?fileType=image/png&fileSize=2048' },
    expected: founderOnly(200),
  },
  {
    route: 'PUT /api/users/profile/picture',
    request: (f) => ({ method: 'PUT', url: '/api/users/profile/picture', payload: { key: f.pictureKey } }),
    // Another founder cannot take this founder's uploaded picture.
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/pitchdecks',
    request: { method: 'GET', url: '/api/v1/investors/pitchdecks?q=anvils' },
    expected: investorOnly(200),
  },
  {
    route: 'GET /api/v1/investors/pitchdecks/:id',
    request: (f) => ({ method: 'GET', url: `/api/v1/investors/pitchdecks/${f.deckId}` }),
    expected: investorOnly(200),
  },
  {
    route: 'GET /api/v1/investors/pitchdecks/:id (failed deck)',
    request: (f) => ({ method: 'GET', url: `/api/v1/investors/pitchdecks/${f.failedDeckId}` }),
    // Only ready decks reach investors.
    expected: investorOnly(404),
  },
  {
    route: 'POST /api/v1/investors/pitchdecks/:id/interests',
    request: (f) => ({ method: 'POST', url: `/api/v1/investors/pitchdecks/${f.freshDeckId}/interests`, payload: {} }),
    expected: investorOnly(201),
  },
  {
    route: 'PATCH /api/v1/investors/pitchdecks/:id/interests',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/v1/investors/pitchdecks/${f.interestedDeckId}/interests`,
      payload: { status: 'withdrawn' },
    }),
    expected: investorOnly(200),
  },
  {
    route: 'GET /api/v1/investors/pitchdecks/:id/analysis',
    request: (f) => ({ method: 'GET', url: `/api/v1/investors/pitchdecks/${f.deckId}/analysis` }),
    expected: investorOnly(200),
  },
  {
    route: 'GET /api/v1/investors/companies/:startupId',
    // `founder`'s company: any investor sees it; founders, its own included, are refused.
    request: (f) => ({ method: 'GET', url: `/api/v1/investors/companies/${f.founderId}` }),
    expected: investorOnly(200),
  },
  {
    route: 'POST /api/v1/investors/pitchdecks/:id/views',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/investors/pitchdecks/${f.deckId}/views`,
      payload: { sessionId: crypto.randomUUID(), pages: [{ page: 1, seconds: 2 }] },
    }),
    expected: investorOnly(204),
  },
  {
    route: 'GET /api/v1/investors/me/interests',
    request: { method: 'GET', url: '/api/v1/investors/me/interests?status=pending' },
    // Account-level: each investor gets their own interests.
    expected: investorOnly(200),
  },
  {
    route: 'GET /api/v1/storage/*',
    request: (f) => ({ method: 'GET', url: f.fileUrl }),
    // The signature is the permission: whoever holds a link issued to an allowed account may read until it expires.
    expected: {
      anonymous: 200,
      founder: 200,
      investor: 200,
      otherFounder: 200,
      otherInvestor: 200,
      mentor: 200,
      otherMentor: 200,
    },
  },
  {
    route: 'PUT /api/v1/storage/*',
    request: (f) => ({
      method: 'PUT',
      url: f.uploadUrl,
      headers: { 'content-type': 'application/pdf' },
      payload: unusedUploadBody,
    }),
    // Anyone holding the link may use it, once: the first PUT stores the file, later ones are 409.
    expected: {
      anonymous: 200,
      founder: 409,
      investor: 409,
      otherFounder: 409,
      otherInvestor: 409,
      mentor: 409,
      otherMentor: 409,
    },
  },
  { route: 'GET /api/v1/users/me', request: { method: 'GET', url: '/api/v1/users/me' }, expected: founderOnly(200) },
  {
    route: 'GET /api/v1/investors/me',
    request: { method: 'GET', url: '/api/v1/investors/me' },
    expected: investorOnly(200),
  },
  {
    route: 'POST /api/v1/users/reset-password',
    request: {
      method: 'POST',
      url: '/api/v1/users/reset-password',
      payload: { currentPassword: 'not-the-password', newPassword: 'a-new-passphrase-1' },
    },
    // 400: the caller got through to the password check.
    expected: founderOnly(400),
  },
  {
    route: 'POST /api/v1/investors/reset-password',
    request: {
      method: 'POST',
      url: '/api/v1/investors/reset-password',
      payload: { currentPassword: 'not-the-password', newPassword: 'a-new-passphrase-1' },
    },
    expected: investorOnly(400),
  },
  {
    route: 'GET /api/users/profile',
    request: { method: 'GET', url: '/api/users/profile' },
    expected: founderOnly(200),
  },
  {
    route: 'PUT /api/users/profile',
    request: { method: 'PUT', url: '/api/users/profile', payload: { headline: 'Building things' } },
    expected: founderOnly(200),
  },
  {
    route: 'DELETE /api/users/profile',
    request: { method: 'DELETE', url: '/api/users/profile', payload: { password: 'not-the-password' } },
    expected: founderOnly(400),
  },
  {
    route: 'GET /api/v1/investors/info',
    request: { method: 'GET', url: '/api/v1/investors/info' },
    expected: investorOnly(200),
  },
  {
    route: 'PUT /api/v1/investors/info',
    request: { method: 'PUT', url: '/api/v1/investors/info', payload: { firm: 'Acme Capital' } },
    // 404 until the investor has created info: past the guard, at the object.
    expected: investorOnly(404),
  },
  {
    route: 'POST /api/v1/investors/info',
    request: { method: 'POST', url: '/api/v1/investors/info', payload: { firm: 'Acme Capital' } },
    expected: investorOnly(201),
  },
  {
    route: 'GET /api/v1/users/notifications',
    request: { method: 'GET', url: '/api/v1/users/notifications' },
    expected: founderOnly(200),
  },
  {
    route: 'PUT /api/v1/users/notifications',
    request: { method: 'PUT', url: '/api/v1/users/notifications', payload: { interestShown: false } },
    expected: founderOnly(200),
  },
  {
    route: 'GET /api/v1/investors/notifications',
    request: { method: 'GET', url: '/api/v1/investors/notifications' },
    expected: investorOnly(200),
  },
  {
    route: 'PUT /api/v1/investors/notifications',
    request: { method: 'PUT', url: '/api/v1/investors/notifications', payload: { interestDecided: false } },
    expected: investorOnly(200),
  },
  {
    route: 'GET /api/v1/notifications',
    request: { method: 'GET', url: '/api/v1/notifications?page=1&limit=5' },
    // Both roles have an inbox; each reads their own.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 200,
      otherFounder: 200,
      otherInvestor: 200,
      mentor: 200,
      otherMentor: 200,
    },
  },
  {
    route: 'PUT /api/v1/notifications/read',
    request: { method: 'PUT', url: '/api/v1/notifications/read' },
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 200,
      otherFounder: 200,
      otherInvestor: 200,
      mentor: 200,
      otherMentor: 200,
    },
  },
  {
    route: 'PUT /api/v1/notifications/:notificationId/read',
    request: (f) => ({ method: 'PUT', url: `/api/v1/notifications/${f.notificationId}/read` }),
    // The founder's notification; to anyone else it does not exist.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 404,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'GET /api/v1/chats/rooms',
    request: { method: 'GET', url: '/api/v1/chats/rooms' },
    // Both roles chat; each sees the rooms they are in.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 200,
      otherFounder: 200,
      otherInvestor: 200,
      mentor: 200,
      otherMentor: 200,
    },
  },
  {
    route: 'POST /api/v1/chats/rooms/private',
    request: (f) => ({ method: 'POST', url: '/api/v1/chats/rooms/private', payload: { participantId: f.founderId } }),
    // The investor already has a room with the founder (200); the other investor is tied to the
    // founder by an interest too, and the mentor by the mentorship (201, made now); the founder
    // cannot talk to themself, and the other founder and the other mentor are tied to nobody.
    expected: {
      anonymous: 401,
      founder: 403,
      investor: 200,
      otherFounder: 403,
      otherInvestor: 201,
      mentor: 201,
      otherMentor: 403,
    },
  },
  {
    route: 'POST /api/v1/chats/rooms/group',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/chats/rooms/group',
      payload: { name: 'Round', participantIds: [f.investorId] },
    }),
    // Only the founder is tied to the investor; an investor cannot add themself or another investor.
    expected: {
      anonymous: 401,
      founder: 201,
      investor: 403,
      otherFounder: 403,
      otherInvestor: 403,
      mentor: 403,
      otherMentor: 403,
    },
  },
  {
    route: 'GET /api/v1/chats/rooms/:roomId/messages',
    request: (f) => ({ method: 'GET', url: `/api/v1/chats/rooms/${f.chatRoomId}/messages` }),
    // Participants only; to anyone else the room does not exist.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 200,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'PUT /api/v1/chats/rooms/:roomId/read',
    request: (f) => ({ method: 'PUT', url: `/api/v1/chats/rooms/${f.chatRoomId}/read`, payload: {} }),
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 200,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'PATCH /api/v1/chats/rooms/:roomId/messages/:messageId',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/v1/chats/rooms/${f.chatRoomId}/messages/${f.chatMessageId}`,
      payload: { content: 'Edited' },
    }),
    // Its author only; the other member may not (403), and to anyone else the room does not exist.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 403,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'DELETE /api/v1/chats/rooms/:roomId/messages/:messageId',
    request: (f) => ({ method: 'DELETE', url: `/api/v1/chats/rooms/${f.chatRoomId}/messages/${f.deletableMessageId}` }),
    // As an edit: the investor asks before the founder deletes it.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 403,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'PUT /api/v1/chats/rooms/:roomId/messages/:messageId/reactions',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/chats/rooms/${f.chatRoomId}/messages/${f.chatMessageId}/reactions`,
      payload: { emoji: '👍', reacted: true },
    }),
    // Every member reacts, the author too; strangers learn nothing of the room.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 200,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'DELETE /api/v1/chats/rooms/:roomId/members/:accountId',
    request: (f) => ({ method: 'DELETE', url: `/api/v1/chats/rooms/${f.removalGroupId}/members/${f.investorId}` }),
    // Only the group's creator removes; the member may not remove themself (403), and to anyone
    // outside the group it does not exist. The investor asks before the founder removes them.
    expected: {
      anonymous: 401,
      founder: 204,
      investor: 403,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'POST /api/v1/chats/rooms/:roomId/leave',
    request: (f) => ({ method: 'POST', url: `/api/v1/chats/rooms/${f.leavingGroupId}/leave` }),
    // Any member leaves, the creator too; strangers learn nothing of the group.
    expected: {
      anonymous: 401,
      founder: 204,
      investor: 204,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'PUT /api/v1/chats/rooms/:roomId/mute',
    request: (f) => ({ method: 'PUT', url: `/api/v1/chats/rooms/${f.chatRoomId}/mute`, payload: { muted: true } }),
    // Each member mutes the room for themself.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 200,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'GET /api/v1/chats/contacts',
    request: { method: 'GET', url: '/api/v1/chats/contacts' },
    // Each signed-in account lists whom it is tied to (an empty list for the untied).
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 200,
      otherFounder: 200,
      otherInvestor: 200,
      mentor: 200,
      otherMentor: 200,
    },
  },
  {
    route: 'GET /api/v1/search',
    request: { method: 'GET', url: '/api/v1/search?q=anvil' },
    // Each signed-in account searches what it may open (search.routes.test.ts checks the scoping).
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 200,
      otherFounder: 200,
      otherInvestor: 200,
      mentor: 403,
      otherMentor: 403,
    },
  },
  {
    route: 'GET /api/v1/chats/search',
    request: { method: 'GET', url: '/api/v1/chats/search?q=hello' },
    // Each searches only the rooms they are in.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 200,
      otherFounder: 200,
      otherInvestor: 200,
      mentor: 200,
      otherMentor: 200,
    },
  },
  {
    route: 'PATCH /api/v1/chats/rooms/:roomId',
    request: (f) => ({ method: 'PATCH', url: `/api/v1/chats/rooms/${f.addingGroupId}`, payload: { name: 'Renamed' } }),
    // Only the group's creator renames it; a member may not, strangers learn nothing of it.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 403,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'POST /api/v1/chats/rooms/:roomId/members',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/chats/rooms/${f.addingGroupId}/members`,
      payload: { participantIds: [f.otherInvestorId] },
    }),
    // Only the creator adds, and only people tied to them (the other investor is, by an interest);
    // the other investor asks before the founder adds them, as a stranger to the group.
    expected: {
      anonymous: 401,
      founder: 200,
      investor: 403,
      otherFounder: 404,
      otherInvestor: 404,
      mentor: 404,
      otherMentor: 404,
    },
  },
  {
    route: 'POST /api/v1/chats/rooms/private/bot',
    request: { method: 'POST', url: '/api/v1/chats/rooms/private/bot' },
    // Investors only: the investor's room exists already (200), the other investor's is made now.
    expected: {
      anonymous: 401,
      founder: 403,
      investor: 200,
      otherFounder: 403,
      otherInvestor: 201,
      mentor: 403,
      otherMentor: 403,
    },
  },
  {
    route: 'POST /api/v1/ai/chat',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/ai/chat',
      payload: { roomId: f.botRoomId, messages: [{ role: 'user', content: 'list my interests' }] },
    }),
    // Investors only, and only in their own bot room: the other investor's is another room (404).
    expected: {
      anonymous: 401,
      founder: 403,
      investor: 200,
      otherFounder: 403,
      otherInvestor: 404,
      mentor: 403,
      otherMentor: 403,
    },
  },
  {
    route: 'POST /api/v1/ai/actions/:id/confirm',
    request: (f) => ({ method: 'POST', url: `/api/v1/ai/actions/${f.confirmActionId}/confirm` }),
    // The investor it was proposed to runs it; to the other investor it does not exist.
    expected: {
      anonymous: 401,
      founder: 403,
      investor: 200,
      otherFounder: 403,
      otherInvestor: 404,
      mentor: 403,
      otherMentor: 403,
    },
  },
  {
    route: 'POST /api/v1/ai/actions/:id/cancel',
    request: (f) => ({ method: 'POST', url: `/api/v1/ai/actions/${f.cancelActionId}/cancel` }),
    expected: {
      anonymous: 401,
      founder: 403,
      investor: 200,
      otherFounder: 403,
      otherInvestor: 404,
      mentor: 403,
      otherMentor: 403,
    },
  },
  {
    route: 'GET /api/v1/ai/replies',
    request: (f) => ({ method: 'GET', url: `/api/v1/ai/replies?messageIds=${f.aiReplyId}` }),
    // Each investor reads their own replies: the other investor gets an empty list, never the reply.
    expected: {
      anonymous: 401,
      founder: 403,
      investor: 200,
      otherFounder: 403,
      otherInvestor: 200,
      mentor: 403,
      otherMentor: 403,
    },
  },
  {
    route: 'POST /api/v1/milestones',
    request: (f) => ({
      method: 'POST',
      url: '/api/v1/milestones',
      payload: { pitchDeckId: f.milestoneDeckId, title: 'Pilot', dueDate: '2027-01-01' },
    }),
    // Another founder cannot put a milestone on this founder's deck.
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/milestones',
    request: { method: 'GET', url: '/api/v1/milestones' },
    expected: founderOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/task-investors',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/task-investors?milestoneId=${f.milestoneId}`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/:id',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/${f.milestoneId}`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PUT /api/v1/milestones/:id',
    request: founderMilestone('PUT', (f) => `/api/v1/milestones/${f.milestoneId}`, {
      title: 'Pilot, renamed',
      dueDate: '2027-02-01',
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'DELETE /api/v1/milestones/:id',
    request: founderMilestone('DELETE', (f) => `/api/v1/milestones/${f.disposableMilestoneId}?mode=permanent`),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'PATCH /api/v1/milestones/:id/status',
    request: founderMilestone('PATCH', (f) => `/api/v1/milestones/${f.milestoneId}/status`, { status: 'active' }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/milestones/:id/restore',
    request: founderMilestone('POST', (f) => `/api/v1/milestones/${f.archivedMilestoneId}/restore`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/:id/overview',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/${f.milestoneId}/overview`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/:id/activities',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/${f.milestoneId}/activities?stage=todo`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/milestones/:id/tasks',
    request: founderMilestone('POST', (f) => `/api/v1/milestones/${f.milestoneId}/tasks`, { title: 'New task' }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/milestones/:id/tasks',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/${f.milestoneId}/tasks?stage=backlog`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/tasks/:taskId',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/tasks/${f.taskId}`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PUT /api/v1/milestones/tasks/:taskId',
    request: founderMilestone('PUT', (f) => `/api/v1/milestones/tasks/${f.taskId}`, { title: 'Task, renamed' }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'DELETE /api/v1/milestones/tasks/:taskId',
    request: founderMilestone('DELETE', (f) => `/api/v1/milestones/tasks/${f.disposableTaskId}`),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'PATCH /api/v1/milestones/tasks/:taskId/stage',
    request: founderMilestone('PATCH', (f) => `/api/v1/milestones/tasks/${f.taskId}/stage`, { stage: 'todo' }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/milestones/tasks/:taskId/subtasks',
    request: founderMilestone('POST', (f) => `/api/v1/milestones/tasks/${f.taskId}/subtasks`, { title: 'Check' }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'PUT /api/v1/milestones/subtasks/:subtaskId',
    request: founderMilestone('PUT', (f) => `/api/v1/milestones/subtasks/${f.subtaskId}`, { title: 'Check twice' }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'DELETE /api/v1/milestones/subtasks/:subtaskId',
    request: founderMilestone('DELETE', (f) => `/api/v1/milestones/subtasks/${f.disposableSubtaskId}`),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'PATCH /api/v1/milestones/subtasks/:subtaskId/toggle',
    request: founderMilestone('PATCH', (f) => `/api/v1/milestones/subtasks/${f.subtaskId}/toggle`, {
      isCompleted: true,
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/milestones/tasks/:taskId/dependencies',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/milestones/tasks/${f.spareTaskId}/dependencies`,
      payload: { blockedByTaskId: f.blockerTaskId },
    }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/milestones/tasks/:taskId/dependencies/candidates',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/tasks/${f.taskId}/dependencies/candidates`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/tasks/:taskId/dependencies',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/tasks/${f.taskId}/dependencies`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PUT /api/v1/milestones/dependencies/:dependencyId',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/milestones/dependencies/${f.dependencyId}`,
      payload: { blockedByTaskId: f.spareTaskId },
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'DELETE /api/v1/milestones/dependencies/:dependencyId',
    request: founderMilestone('DELETE', (f) => `/api/v1/milestones/dependencies/${f.disposableDependencyId}`),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'POST /api/v1/milestones/tasks/:taskId/deliverables',
    request: founderMilestone('POST', (f) => `/api/v1/milestones/tasks/${f.taskId}/deliverables`, { title: 'Report' }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/milestones/tasks/:taskId/deliverables',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/tasks/${f.taskId}/deliverables`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/:id/deliverables',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/${f.milestoneId}/deliverables`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PUT /api/v1/milestones/deliverables/:deliverableId',
    request: founderMilestone('PUT', (f) => `/api/v1/milestones/deliverables/${f.deliverableId}`, {
      title: 'Draft v2',
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/milestones/deliverables/:deliverableId/submit',
    request: founderMilestone('POST', (f) => `/api/v1/milestones/deliverables/${f.deliverableId}/submit`, {
      url: 'https://example.com/draft.pdf',
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/milestones/deliverables/:deliverableId/submit (a file)',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/milestones/deliverables/${f.deliverableId}/submit`,
      payload: {
        file: { key: f.deliverableFileKey, name: 'draft.pdf' },
      },
    }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/tasks/:taskId/approvals',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/tasks/${f.taskId}/approvals`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/milestones/:id/meets',
    request: founderMilestone('POST', (f) => `/api/v1/milestones/${f.milestoneId}/meets`, meetBody()),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'POST /api/v1/milestones/:id/meets (inviting the investor)',
    request: (f) => ({
      method: 'POST',
      url: `/api/v1/milestones/${f.milestoneId}/meets`,
      payload: {
        ...meetBody(),
        attendeeIds: [f.founderId, f.investorId],
      },
    }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/milestones/:id/meets',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/${f.milestoneId}/meets`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/:id/members',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/${f.milestoneId}/members`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/meets/:meetId',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/meets/${f.meetId}`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PUT /api/v1/milestones/meets/:meetId',
    request: founderMilestone('PUT', (f) => `/api/v1/milestones/meets/${f.meetId}`, meetBody({ title: 'Moved' })),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'DELETE /api/v1/milestones/meets/:meetId',
    request: founderMilestone('DELETE', (f) => `/api/v1/milestones/meets/${f.disposableMeetId}`),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'GET /api/v1/milestones/meets/:meetId/ics',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/meets/${f.meetId}/ics`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/milestones/attachments/upload',
    request: { method: 'GET', url: '/api/v1/milestones/attachments/upload?fileType=image/png&fileSize=1024' },
    expected: founderOnly(200),
  },
  {
    route: 'POST /api/v1/milestones/:id/threads',
    request: founderMilestone('POST', (f) => `/api/v1/milestones/${f.milestoneId}/threads`, { title: 'Budget' }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/milestones/:id/threads',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/${f.milestoneId}/threads`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'POST /api/v1/milestones/tasks/:taskId/threads',
    request: founderMilestone('POST', (f) => `/api/v1/milestones/tasks/${f.taskId}/threads`, { title: 'Forms' }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/milestones/tasks/:taskId/threads',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/tasks/${f.taskId}/threads`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PATCH /api/v1/milestones/threads/:threadId',
    request: founderMilestone('PATCH', (f) => `/api/v1/milestones/threads/${f.threadId}`, { title: 'Renamed' }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'DELETE /api/v1/milestones/threads/:threadId',
    request: founderMilestone('DELETE', (f) => `/api/v1/milestones/threads/${f.disposableThreadId}`),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'POST /api/v1/milestones/threads/:threadId/messages',
    request: founderMilestone('POST', (f) => `/api/v1/milestones/threads/${f.threadId}/messages`, { text: 'Hello.' }),
    expected: deckOwnerOnly(201),
  },
  {
    route: 'GET /api/v1/milestones/threads/:threadId/messages',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/threads/${f.threadId}/messages?limit=5`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PATCH /api/v1/milestones/messages/:messageId',
    request: founderMilestone('PATCH', (f) => `/api/v1/milestones/messages/${f.messageId}`, { text: 'Edited.' }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'DELETE /api/v1/milestones/messages/:messageId',
    request: founderMilestone('DELETE', (f) => `/api/v1/milestones/messages/${f.disposableMessageId}`),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'GET /api/v1/investors/milestones',
    request: { method: 'GET', url: '/api/v1/investors/milestones' },
    // Each investor lists the milestones they follow (none for the other investor).
    expected: investorOnly(200),
  },
  {
    route: 'GET /api/v1/investors/milestones/:id',
    request: founderMilestone('GET', (f) => `/api/v1/investors/milestones/${f.milestoneId}`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/milestones/:id/overview',
    request: founderMilestone('GET', (f) => `/api/v1/investors/milestones/${f.milestoneId}/overview`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/milestones/:id/tasks',
    request: founderMilestone('GET', (f) => `/api/v1/investors/milestones/${f.milestoneId}/tasks`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/milestones/:id/activities',
    request: founderMilestone('GET', (f) => `/api/v1/investors/milestones/${f.milestoneId}/activities`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/tasks/:taskId',
    request: founderMilestone('GET', (f) => `/api/v1/investors/tasks/${f.taskId}`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/milestones/:id/deliverables',
    request: founderMilestone('GET', (f) => `/api/v1/investors/milestones/${f.milestoneId}/deliverables`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'POST /api/v1/investors/deliverables/:deliverableId/accept',
    request: founderMilestone('POST', (f) => `/api/v1/investors/deliverables/${f.submittedDeliverableId}/accept`),
    // The investor accepts first; the other investor then gets the 404 of a hidden deliverable.
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'POST /api/v1/investors/deliverables/:deliverableId/accept/undo',
    // Right after the row above, within the minute: the investor who accepted takes it back.
    request: founderMilestone('POST', (f) => `/api/v1/investors/deliverables/${f.submittedDeliverableId}/accept/undo`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'POST /api/v1/investors/deliverables/:deliverableId/request-changes',
    request: founderMilestone(
      'POST',
      (f) => `/api/v1/investors/deliverables/${f.reviewedDeliverableId}/request-changes`,
      { comment: 'Add the appendix.' },
    ),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'POST /api/v1/investors/tasks/:taskId/approvals',
    request: founderMilestone('POST', (f) => `/api/v1/investors/tasks/${f.taskId}/approvals`, {
      decision: 'changes_requested',
      comment: 'Add the appendix.',
    }),
    // The investor's first word on the task: 201 (a repeat would be 200, unchanged).
    expected: milestoneFollowerOnly(201),
  },
  {
    route: 'GET /api/v1/investors/tasks/:taskId/approvals',
    request: founderMilestone('GET', (f) => `/api/v1/investors/tasks/${f.taskId}/approvals`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'POST /api/v1/investors/milestones/:id/meets',
    request: founderMilestone('POST', (f) => `/api/v1/investors/milestones/${f.milestoneId}/meets`, meetBody()),
    expected: milestoneFollowerOnly(201),
  },
  {
    route: 'GET /api/v1/investors/milestones/:id/meets',
    request: founderMilestone('GET', (f) => `/api/v1/investors/milestones/${f.milestoneId}/meets`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/milestones/:id/members',
    request: founderMilestone('GET', (f) => `/api/v1/investors/milestones/${f.milestoneId}/members`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'PUT /api/v1/investors/meets/:meetId (inviting the founder)',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/investors/meets/${f.meetId}`,
      payload: {
        ...meetBody({ title: 'Moved with attendees' }),
        attendeeIds: [f.founderId],
      },
    }),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/meets/:meetId',
    request: founderMilestone('GET', (f) => `/api/v1/investors/meets/${f.meetId}`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'PUT /api/v1/investors/meets/:meetId',
    request: founderMilestone('PUT', (f) => `/api/v1/investors/meets/${f.meetId}`, meetBody({ title: 'Moved again' })),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'DELETE /api/v1/investors/meets/:meetId',
    request: founderMilestone('DELETE', (f) => `/api/v1/investors/meets/${f.investorDisposableMeetId}`),
    expected: milestoneFollowerOnly(204),
  },
  {
    route: 'GET /api/v1/investors/meets/:meetId/ics',
    request: founderMilestone('GET', (f) => `/api/v1/investors/meets/${f.meetId}/ics`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'GET /api/v1/investors/attachments/upload',
    request: { method: 'GET', url: '/api/v1/investors/attachments/upload?fileType=application/pdf&fileSize=1024' },
    expected: investorOnly(200),
  },
  {
    route: 'POST /api/v1/investors/milestones/:id/threads',
    request: founderMilestone('POST', (f) => `/api/v1/investors/milestones/${f.milestoneId}/threads`, { title: 'Q' }),
    expected: milestoneFollowerOnly(201),
  },
  {
    route: 'GET /api/v1/investors/milestones/:id/threads',
    request: founderMilestone('GET', (f) => `/api/v1/investors/milestones/${f.milestoneId}/threads`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'POST /api/v1/investors/tasks/:taskId/threads',
    request: founderMilestone('POST', (f) => `/api/v1/investors/tasks/${f.taskId}/threads`, { title: 'Question' }),
    expected: milestoneFollowerOnly(201),
  },
  {
    route: 'GET /api/v1/investors/tasks/:taskId/threads',
    request: founderMilestone('GET', (f) => `/api/v1/investors/tasks/${f.taskId}/threads`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'PATCH /api/v1/investors/threads/:threadId',
    request: founderMilestone('PATCH', (f) => `/api/v1/investors/threads/${f.investorThreadId}`, { title: 'Mine' }),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'DELETE /api/v1/investors/threads/:threadId',
    request: founderMilestone('DELETE', (f) => `/api/v1/investors/threads/${f.investorDisposableThreadId}`),
    expected: milestoneFollowerOnly(204),
  },
  {
    route: 'POST /api/v1/investors/threads/:threadId/messages',
    request: founderMilestone('POST', (f) => `/api/v1/investors/threads/${f.threadId}/messages`, { text: 'Hi.' }),
    expected: milestoneFollowerOnly(201),
  },
  {
    route: 'GET /api/v1/investors/threads/:threadId/messages',
    request: founderMilestone('GET', (f) => `/api/v1/investors/threads/${f.threadId}/messages`),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'PATCH /api/v1/investors/messages/:messageId',
    request: founderMilestone('PATCH', (f) => `/api/v1/investors/messages/${f.investorMessageId}`, { text: 'Fixed.' }),
    expected: milestoneFollowerOnly(200),
  },
  {
    route: 'DELETE /api/v1/investors/messages/:messageId',
    request: founderMilestone('DELETE', (f) => `/api/v1/investors/messages/${f.investorDisposableMessageId}`),
    expected: milestoneFollowerOnly(204),
  },
  // A milestone `founder` shares with `mentor`: the founder's sharing calls, and the mentor's reads
  // and threads with the mentors (investors never reach those: mentor-milestones.routes.test.ts).
  {
    route: 'GET /api/v1/milestones/:id/mentors',
    request: founderMilestone('GET', (f) => `/api/v1/milestones/${f.milestoneId}/mentors`),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'PUT /api/v1/milestones/:id/mentors/:mentorId',
    // Shared already (the fixtures share it): sharing again changes nothing.
    request: founderMilestone('PUT', (f) => `/api/v1/milestones/${f.milestoneId}/mentors/${f.sharedMentorId}`),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'DELETE /api/v1/milestones/:id/mentors/:mentorId',
    // Never shared with the disposable mentor: stopping is a no-op, and the mentor keeps the rows below.
    request: founderMilestone('DELETE', (f) => `/api/v1/milestones/${f.milestoneId}/mentors/${f.disposableMentorId}`),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'GET /api/v1/mentors/milestones',
    request: { method: 'GET', url: '/api/v1/mentors/milestones' },
    expected: mentorOnly(200),
  },
  ...(
    [
      ['GET /api/v1/mentors/milestones/:id', (f: Fixtures) => `/api/v1/mentors/milestones/${f.milestoneId}`],
      [
        'GET /api/v1/mentors/milestones/:id/overview',
        (f: Fixtures) => `/api/v1/mentors/milestones/${f.milestoneId}/overview`,
      ],
      [
        'GET /api/v1/mentors/milestones/:id/tasks',
        (f: Fixtures) => `/api/v1/mentors/milestones/${f.milestoneId}/tasks`,
      ],
      [
        'GET /api/v1/mentors/milestones/:id/activities',
        (f: Fixtures) => `/api/v1/mentors/milestones/${f.milestoneId}/activities`,
      ],
      [
        'GET /api/v1/mentors/milestones/:id/deliverables',
        (f: Fixtures) => `/api/v1/mentors/milestones/${f.milestoneId}/deliverables`,
      ],
      ['GET /api/v1/mentors/tasks/:taskId', (f: Fixtures) => `/api/v1/mentors/tasks/${f.taskId}`],
      ['GET /api/v1/mentors/tasks/:taskId/approvals', (f: Fixtures) => `/api/v1/mentors/tasks/${f.taskId}/approvals`],
      [
        'GET /api/v1/mentors/milestones/:id/threads',
        (f: Fixtures) => `/api/v1/mentors/milestones/${f.milestoneId}/threads`,
      ],
      ['GET /api/v1/mentors/tasks/:taskId/threads', (f: Fixtures) => `/api/v1/mentors/tasks/${f.taskId}/threads`],
      [
        'GET /api/v1/mentors/threads/:threadId/messages',
        (f: Fixtures) => `/api/v1/mentors/threads/${f.mentorThreadId}/messages`,
      ],
    ] as const
  ).map(([route, path]) => ({ route, request: founderMilestone('GET', path), expected: ownMentorOnly(200) })),
  {
    route: 'GET /api/v1/mentors/attachments/upload',
    request: { method: 'GET', url: '/api/v1/mentors/attachments/upload?fileType=application/pdf&fileSize=1024' },
    expected: mentorOnly(200),
  },
  {
    route: 'POST /api/v1/mentors/milestones/:id/threads',
    request: founderMilestone('POST', (f) => `/api/v1/mentors/milestones/${f.milestoneId}/threads`, { title: 'Q' }),
    expected: ownMentorOnly(201),
  },
  {
    route: 'POST /api/v1/mentors/tasks/:taskId/threads',
    request: founderMilestone('POST', (f) => `/api/v1/mentors/tasks/${f.taskId}/threads`, { title: 'Question' }),
    expected: ownMentorOnly(201),
  },
  {
    route: 'PATCH /api/v1/mentors/threads/:threadId',
    request: founderMilestone('PATCH', (f) => `/api/v1/mentors/threads/${f.mentorOwnThreadId}`, { title: 'Mine' }),
    expected: ownMentorOnly(200),
  },
  {
    route: 'DELETE /api/v1/mentors/threads/:threadId',
    request: founderMilestone('DELETE', (f) => `/api/v1/mentors/threads/${f.mentorDisposableThreadId}`),
    expected: ownMentorOnly(204),
  },
  {
    route: 'POST /api/v1/mentors/threads/:threadId/messages',
    request: founderMilestone('POST', (f) => `/api/v1/mentors/threads/${f.mentorThreadId}/messages`, { text: 'Hi.' }),
    expected: ownMentorOnly(201),
  },
  {
    route: 'PATCH /api/v1/mentors/messages/:messageId',
    request: founderMilestone('PATCH', (f) => `/api/v1/mentors/messages/${f.mentorMessageId}`, { text: 'Fixed.' }),
    expected: ownMentorOnly(200),
  },
  {
    route: 'DELETE /api/v1/mentors/messages/:messageId',
    request: founderMilestone('DELETE', (f) => `/api/v1/mentors/messages/${f.mentorDisposableMessageId}`),
    expected: ownMentorOnly(204),
  },
  // Sign-in through identity providers: open to everyone alike. This app configures none, so each
  // step is the disabled provider's 404 for every caller (oauth.routes.test.ts runs the real ones).
  {
    route: 'GET /api/v1/oauth/providers',
    request: { method: 'GET', url: '/api/v1/oauth/providers' },
    expected: everyone(200),
  },
  {
    route: 'GET /api/v1/oauth/:provider/:role',
    request: { method: 'GET', url: '/api/v1/oauth/google/user' },
    expected: everyone(404),
  },
  {
    route: 'POST /api/v1/oauth/:provider/callback',
    request: { method: 'POST', url: '/api/v1/oauth/google/callback', payload: { code: 'code', state: 'state' } },
    expected: everyone(404),
  },
  {
    route: 'POST /api/v1/oauth/:provider/exchange',
    request: { method: 'POST', url: '/api/v1/oauth/google/exchange', payload: { exchangeCode: 'code' } },
    expected: everyone(404),
  },
  {
    route: 'GET /api/v1/users/oauth-identities',
    request: { method: 'GET', url: '/api/v1/users/oauth-identities' },
    expected: founderOnly(200),
  },
  {
    // Nobody here linked Google: the caller's own account answers 404, never another's.
    route: 'DELETE /api/v1/users/oauth-identities/:provider',
    request: { method: 'DELETE', url: '/api/v1/users/oauth-identities/google' },
    expected: founderOnly(404),
  },
  {
    route: 'GET /api/v1/investors/oauth-identities',
    request: { method: 'GET', url: '/api/v1/investors/oauth-identities' },
    expected: investorOnly(200),
  },
  {
    route: 'DELETE /api/v1/investors/oauth-identities/:provider',
    request: { method: 'DELETE', url: '/api/v1/investors/oauth-identities/google' },
    expected: investorOnly(404),
  },
  // Mentors: the founder's invitations and mentors (another founder's are 404), the mentor's side.
  {
    route: 'POST /api/v1/users/mentors/invitations',
    request: { method: 'POST', url: founderMentorPaths.invitations, payload: { email: 'table.mentor@example.test' } },
    expected: founderOnly(201),
  },
  {
    route: 'GET /api/v1/users/mentors',
    request: { method: 'GET', url: founderMentorPaths.mentors },
    expected: founderOnly(200),
  },
  {
    route: 'DELETE /api/v1/users/mentors/invitations/:invitationId',
    request: (f) => ({ method: 'DELETE', url: founderMentorPaths.invitation(f.mentorInvitationId) }),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'DELETE /api/v1/users/mentors/:mentorId',
    request: (f) => ({ method: 'DELETE', url: founderMentorPaths.mentor(f.disposableMentorId) }),
    expected: deckOwnerOnly(204),
  },
  {
    route: 'POST /api/v1/mentors/invitations/accept',
    request: (f) => ({ method: 'POST', url: mentorFounderPaths.accept, payload: { token: f.mentorInvitationToken } }),
    // The token works once: the second mentor finds it spent.
    expected: { ...mentorOnly(200), otherMentor: 410 },
  },
  {
    route: 'POST /api/v1/mentors/invitations/preview',
    request: (f) => ({
      method: 'POST',
      url: mentorFounderPaths.preview,
      payload: { token: f.previewedInvitationToken },
    }),
    // The token is the credential: whoever holds it reads who invites, signed in or not.
    expected: everyone(200),
  },
  {
    route: 'GET /api/v1/mentors/founders',
    request: { method: 'GET', url: mentorFounderPaths.founders },
    expected: mentorOnly(200),
  },
  {
    route: 'DELETE /api/v1/mentors/founders/:founderId',
    request: (f) => ({ method: 'DELETE', url: mentorFounderPaths.founder(f.otherFounderId) }),
    // Only a mentor of that founder ends it; to any other mentor there is nothing to end.
    expected: { ...mentorOnly(204), otherMentor: 404 },
  },
  {
    route: 'GET /api/v1/mentors/pitchdecks',
    request: { method: 'GET', url: mentorDeckPaths.pitchDecks },
    // Account-level: each mentor lists the decks of the founders they help.
    expected: mentorOnly(200),
  },
  {
    route: 'GET /api/v1/mentors/pitchdecks/:id',
    request: (f) => ({ method: 'GET', url: mentorDeckPaths.pitchDeck(f.deckId) }),
    expected: ownMentorOnly(200),
  },
  {
    route: 'GET /api/v1/mentors/pitchdecks/:id/versions',
    request: (f) => ({ method: 'GET', url: mentorDeckPaths.versions(f.deckId) }),
    expected: ownMentorOnly(200),
  },
  {
    route: 'GET /api/v1/mentors/pitchdecks/:id/analysis',
    request: (f) => ({ method: 'GET', url: mentorDeckPaths.analysis(f.deckId) }),
    expected: ownMentorOnly(200),
  },
  {
    route: 'GET /api/v1/decks/:deckId/comments',
    request: (f) => ({ method: 'GET', url: deckCommentPaths.comments(f.deckId) }),
    expected: discussedDeck(200),
  },
  {
    route: 'GET /api/v1/decks/:deckId/comments/people',
    request: (f) => ({ method: 'GET', url: deckCommentPaths.people(f.deckId) }),
    expected: discussedDeck(200),
  },
  {
    route: 'POST /api/v1/decks/:deckId/comments',
    request: (f) => ({
      method: 'POST',
      url: deckCommentPaths.comments(f.deckId),
      payload: { version: 1, page: 1, body: 'Table comment.' },
    }),
    expected: discussedDeck(201),
  },
  {
    route: 'POST /api/v1/decks/comments/:commentId/replies',
    request: (f) => ({ method: 'POST', url: deckCommentPaths.replies(f.commentId), payload: { body: 'Reply.' } }),
    expected: discussedDeck(201),
  },
  {
    route: 'PATCH /api/v1/decks/comments/:commentId',
    request: (f) => ({ method: 'PATCH', url: deckCommentPaths.comment(f.commentId), payload: { body: 'Edited.' } }),
    expected: commentAuthorOnly(200),
  },
  {
    route: 'POST /api/v1/decks/comments/:commentId/resolve',
    request: (f) => ({ method: 'POST', url: deckCommentPaths.resolve(f.commentId) }),
    expected: discussedDeck(200),
  },
  {
    route: 'POST /api/v1/decks/comments/:commentId/reopen',
    request: (f) => ({ method: 'POST', url: deckCommentPaths.reopen(f.commentId) }),
    expected: discussedDeck(200),
  },
  {
    route: 'DELETE /api/v1/decks/comments/:commentId',
    request: (f) => ({ method: 'DELETE', url: deckCommentPaths.comment(f.disposableCommentId) }),
    expected: commentAuthorOnly(204),
  },
  {
    route: 'PUT /api/v1/mentors/pitchdecks/:deckId/versions/:version/review',
    request: (f) => ({ method: 'PUT', url: deckReviewPaths.review(f.deckId, 1), payload: tableReview }),
    expected: ownMentorOnly(200),
  },
  {
    route: 'GET /api/v1/mentors/pitchdecks/:deckId/reviews',
    request: (f) => ({ method: 'GET', url: deckReviewPaths.mentorReviews(f.deckId) }),
    expected: ownMentorOnly(200),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/:deckId/reviews',
    request: (f) => ({ method: 'GET', url: deckReviewPaths.founderReviews(f.deckId) }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/users/pitchdecks/:id/compare',
    request: (f) => ({ method: 'GET', url: `${deckComparePaths.founder(f.comparedDeckId)}?from=1&to=2` }),
    expected: deckOwnerOnly(200),
  },
  {
    route: 'GET /api/v1/mentors/pitchdecks/:id/compare',
    request: (f) => ({ method: 'GET', url: `${deckComparePaths.mentor(f.comparedDeckId)}?from=1&to=2` }),
    expected: ownMentorOnly(200),
  },
  {
    // Version 1 was never read by either investor: only versions they read compare (compare.routes.test.ts).
    route: 'GET /api/v1/investors/pitchdecks/:id/compare',
    request: (f) => ({ method: 'GET', url: `${deckComparePaths.investor(f.comparedDeckId)}?from=1&to=2` }),
    expected: investorOnly(404),
  },
  {
    route: 'GET /api/v1/mentors/me',
    request: { method: 'GET', url: '/api/v1/mentors/me' },
    expected: mentorOnly(200),
  },
  {
    route: 'POST /api/v1/mentors/reset-password',
    request: {
      method: 'POST',
      url: '/api/v1/mentors/reset-password',
      payload: { currentPassword: 'not-the-password', newPassword: 'a-new-passphrase-1' },
    },
    expected: mentorOnly(400),
  },
  {
    route: 'GET /api/v1/mentors/notifications',
    request: { method: 'GET', url: '/api/v1/mentors/notifications' },
    expected: mentorOnly(200),
  },
  {
    route: 'PUT /api/v1/mentors/notifications',
    request: { method: 'PUT', url: '/api/v1/mentors/notifications', payload: { chatDigest: false } },
    expected: mentorOnly(200),
  },
  {
    route: 'GET /api/v1/mentors/oauth-identities',
    request: { method: 'GET', url: '/api/v1/mentors/oauth-identities' },
    expected: mentorOnly(200),
  },
  {
    route: 'DELETE /api/v1/mentors/oauth-identities/:provider',
    request: { method: 'DELETE', url: '/api/v1/mentors/oauth-identities/google' },
    expected: mentorOnly(404),
  },
  {
    route: 'POST /api/v1/mentors/logout',
    request: { method: 'POST', url: '/api/v1/mentors/logout?type=current' },
    endsSession: true,
    expected: mentorOnly(200),
  },
  {
    route: 'POST /api/v1/users/logout',
    request: { method: 'POST', url: '/api/v1/users/logout?type=current' },
    endsSession: true,
    expected: founderOnly(200),
  },
  {
    route: 'POST /api/v1/investors/logout',
    request: { method: 'POST', url: '/api/v1/investors/logout?type=current' },
    endsSession: true,
    expected: investorOnly(200),
  },
];

let ctx: TestContext;
let callers: Record<Exclude<Caller, 'anonymous'>, SignedUp>;
let fixtures: Fixtures;

beforeAll(async () => {
  ctx = await build();
  const [founder, investor, otherFounder, otherInvestor] = await Promise.all([
    signUp(ctx, 'user', 'Fay Founder'),
    signUp(ctx, 'investor', 'Ivo Investor'),
    signUp(ctx, 'user', 'Otto Founder'),
    signUp(ctx, 'investor', 'Ola Investor'),
  ]);
  if (!founder || !investor || !otherFounder || !otherInvestor) throw new Error('sign-up failed');
  const [mentor, otherMentor, disposableMentor] = await Promise.all([
    signUp(ctx, 'mentor', 'Mae Mentor'),
    signUp(ctx, 'mentor', 'Omar Mentor'),
    signUp(ctx, 'mentor', 'Dee Mentor'),
  ]);
  callers = { founder, investor, otherFounder, otherInvestor, mentor, otherMentor };
  for (const [who, by] of [
    [mentor, founder],
    [mentor, otherFounder],
    [disposableMentor, founder],
  ] as const) {
    await acceptInvitation(ctx, who, (await inviteMentor(ctx, by, who.email)).token);
  }
  const mentorComment = async (deckId: string) => {
    const reply = await ctx.app.fastify.inject({
      method: 'POST',
      url: deckCommentPaths.comments(deckId),
      headers: authHeaders(mentor.tokens),
      payload: { version: 1, page: 1, body: 'A comment of the table.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().comment.id as string;
  };
  const aDeckWithTwoVersions = async () => {
    const compared = await readyDeck(ctx, founder);
    await addVersion(ctx, founder, compared.id, await deckPdf(4));
    expect((await processed(ctx, founder, compared.id)).liveVersion).toBe(2);
    return compared.id;
  };
  const withdrawable = await inviteMentor(ctx, founder, 'withdrawable.mentor@example.test');
  const acceptable = await inviteMentor(ctx, founder, 'acceptable.mentor@example.test');
  const previewed = await inviteMentor(ctx, founder, 'previewed.mentor@example.test');

  const [deck, freshDeck, interestedDeck] = [
    await readyDeck(ctx, founder),
    await readyDeck(ctx, founder),
    await readyDeck(ctx, founder),
  ];
  const failed = await createDeck(ctx, founder, { pdf: Buffer.from('%PDF-1.7\nnot really a deck') });
  expect((await processed(ctx, founder, failed.id)).status).toBe('failed');
  const showInterest = async (who: SignedUp, deckId: string) => {
    const reply = await ctx.app.fastify.inject({
      method: 'POST',
      url: `/api/v1/investors/pitchdecks/${deckId}/interests`,
      headers: authHeaders(who.tokens),
      payload: { note: 'Interested.' },
    });
    expect(reply.statusCode).toBe(201);
    return reply.json().interest.id as string;
  };
  const interestId = await showInterest(investor, deck.id);
  await showInterest(investor, interestedDeck.id);
  await showInterest(otherInvestor, interestedDeck.id);
  // The other investor is accepted on a deck of the other founder: a stranger to every object of
  // the table who still follows milestones elsewhere, so the rows show that acceptance on one deck
  // opens no other (a query once compared the interest's deck with itself and let them in).
  const elsewhere = await readyDeck(ctx, otherFounder);
  const acceptedElsewhere = await ctx.app.fastify.inject({
    method: 'PATCH',
    url: founderDeckPaths.interest(elsewhere.id, await showInterest(otherInvestor, elsewhere.id)),
    headers: authHeaders(otherFounder.tokens),
    payload: { status: 'accepted' },
  });
  expect(acceptedElsewhere.statusCode).toBe(200);
  const deckUpload = await uploadFile(ctx, founder, await deckPdf(1));
  const versionUpload = await uploadFile(ctx, founder, await deckPdf(1));
  const spareUpload = await uploadFile(ctx, founder, await deckPdf(1));
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const pictureUpload = await uploadFile(ctx, founder, png, {
    fileType: 'image/png',
    ticketUrl: '/api/users/profile/picture/upload',
  });
  // A URL nobody has used yet, for a file of exactly the table's PUT body.
  const target = await ctx.app.fastify.inject({
    method: 'GET',
    url: `/api/v1/users/pitchdecks/upload?fileType=application/pdf&fileSize=${unusedUploadBody.length}`,
    headers: authHeaders(founder.tokens),
  });
  const chatRoom = await ctx.app.fastify.inject({
    method: 'POST',
    url: '/api/v1/chats/rooms/private',
    headers: authHeaders(investor.tokens),
    payload: { participantId: founder.user.id },
  });
  expect(chatRoom.statusCode).toBe(201);
  // Messages are sent on the socket; the table's are stored through the service the socket calls.
  const chatMessage = (content: string) =>
    ctx.app.services.chat.postMessage(principal(founder.user.id, 'user'), {
      chatRoomId: chatRoom.json().room.id,
      content,
      type: 'text',
    });
  const [chatMessageId, deletableMessageId] = [
    (await chatMessage('To edit and react to')).message.id,
    (await chatMessage('To delete')).message.id,
  ];
  const chatGroup = async (name: string) => {
    const reply = await ctx.app.fastify.inject({
      method: 'POST',
      url: '/api/v1/chats/rooms/group',
      headers: authHeaders(founder.tokens),
      payload: { name, participantIds: [investor.user.id] },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().room.id as string;
  };
  const [removalGroupId, leavingGroupId, addingGroupId] = [
    await chatGroup('Removal'),
    await chatGroup('Leaving'),
    await chatGroup('Adding'),
  ];
  const botRoom = await ctx.app.fastify.inject({
    method: 'POST',
    url: '/api/v1/chats/rooms/private/bot',
    headers: authHeaders(investor.tokens),
  });
  expect(botRoom.statusCode).toBe(201);
  const copilotDeckId = (await readyDeck(ctx, founder)).id;
  const propose = async () => {
    const reply = await ctx.app.fastify.inject({
      method: 'POST',
      url: '/api/v1/ai/chat',
      headers: authHeaders(investor.tokens),
      payload: {
        roomId: botRoom.json().room.id,
        messages: [{ role: 'user', content: `show interest in ${copilotDeckId}` }],
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as { reply: { action: { id: string } }; messages: { answer: { id: string } } };
  };
  const [confirming, cancelling] = [await propose(), await propose()];
  const milestoneObjects = await milestoneFixtures(ctx, founder, investor, (await readyDeck(ctx, founder)).id);
  const [notification] = await ctx.app.services.inbox.record([
    {
      accountId: founder.user.id,
      kind: 'deck.ready',
      title: 'Your deck is ready',
      message: 'Investors can find and read it now.',
      link: `/founder/view/${deck.id}`,
      pitchDeckId: deck.id,
      actor: null,
      sourceKey: 'authorization-table',
    },
  ]);
  const link = await ctx.app.fastify.inject({
    method: 'POST',
    url: `/api/v1/users/pitchdecks/${deck.id}/links`,
    headers: authHeaders(founder.tokens),
    payload: { name: 'Authorisation table' },
  });
  expect(link.statusCode).toBe(201);
  const room = await createDataRoom(ctx, founder, 'Authorisation table');
  const roomFile = await addRoomFile(ctx, founder, room.id, await deckPdf(1));
  expect(roomFile.statusCode, roomFile.body).toBe(201);
  const roomGrant = await ctx.app.fastify.inject({
    method: 'POST',
    url: dataRoomGrantPaths.grants(room.id),
    headers: authHeaders(founder.tokens),
    payload: { interestId: milestoneObjects.acceptedInterestId },
  });
  expect(roomGrant.statusCode, roomGrant.body).toBe(201);
  const roomLink = await ctx.app.fastify.inject({
    method: 'POST',
    url: roomLinkPaths.links(room.id),
    headers: authHeaders(founder.tokens),
    payload: { name: 'Authorisation table' },
  });
  expect(roomLink.statusCode, roomLink.body).toBe(201);
  const disposableRoom = await createDataRoom(ctx, founder, 'Disposable room');
  const roomUpload = await uploadFile(ctx, founder, await deckPdf(1), { ticketUrl: dataRoomPaths.uploadTicket });
  fixtures = {
    roomId: room.id,
    roomFolderId: (await createFolder(ctx, founder, room.id, 'Legal')).id,
    roomFileId: roomFile.json().item.id,
    roomGrantId: roomGrant.json().grant.id,
    disposableRoomId: disposableRoom.id,
    disposableRoomFolderId: (await createFolder(ctx, founder, disposableRoom.id, 'Drop')).id,
    roomUploadKey: roomUpload.ticket.key,
    roomLinkId: roomLink.json().link.id,
    roomLinkSlug: roomLink.json().link.slug,
    linkId: link.json().link.id,
    linkSlug: link.json().link.slug,
    ...milestoneObjects,
    notificationId: notification?.id ?? '',
    ...(await threadFixtures(ctx, founder, investor, milestoneObjects)),
    ...(await mentorThreadFixtures(ctx, founder, mentor, milestoneObjects)),
    chatRoomId: chatRoom.json().room.id as string,
    botRoomId: botRoom.json().room.id as string,
    chatMessageId,
    deletableMessageId,
    confirmActionId: confirming.reply.action.id,
    cancelActionId: cancelling.reply.action.id,
    aiReplyId: confirming.messages.answer.id,
    removalGroupId,
    leavingGroupId,
    addingGroupId,
    otherInvestorId: otherInvestor.user.id,
    founderId: founder.user.id,
    investorId: investor.user.id,
    deckId: deck.id,
    interestId,
    freshDeckId: freshDeck.id,
    interestedDeckId: interestedDeck.id,
    failedDeckId: failed.id,
    disposableDeckId: (await readyDeck(ctx, founder)).id,
    deckKey: deckUpload.ticket.key,
    versionKey: versionUpload.ticket.key,
    spareDeckKey: spareUpload.ticket.key,
    pictureKey: pictureUpload.ticket.key,
    fileUrl: deck.fileUrl ?? '',
    uploadUrl: target.json().uploadUrl as string,
    mentorInvitationId: withdrawable.invitation.id,
    mentorInvitationToken: acceptable.token,
    previewedInvitationToken: previewed.token,
    disposableMentorId: disposableMentor.user.id,
    sharedMentorId: mentor.user.id,
    otherFounderId: otherFounder.user.id,
    commentId: await mentorComment(deck.id),
    disposableCommentId: await mentorComment(deck.id),
    comparedDeckId: await aDeckWithTwoVersions(),
  };
});

async function signInAgain(caller: Exclude<Caller, 'anonymous'>) {
  const account = callers[caller];
  const root = authApiRoot[account.user.role];
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: `${root}/login`,
    payload: { email: account.email, password: account.password },
  });
  callers[caller] = { ...account, ...(reply.json() as AuthResponse) };
}

afterAll(async () => {
  await ctx.close();
});

describe('authorisation table', () => {
  const callerNames: Caller[] = [
    'anonymous',
    'investor',
    'otherInvestor',
    'founder',
    'otherFounder',
    'mentor',
    'otherMentor',
  ];
  for (const row of rows) {
    it(`${row.route}`, async () => {
      for (const caller of callerNames) {
        if (row.endsSession && caller !== 'anonymous') await signInAgain(caller);
        const headers = caller === 'anonymous' ? {} : authHeaders(callers[caller].tokens);
        const request = typeof row.request === 'function' ? row.request(fixtures) : row.request;
        const reply = await ctx.app.fastify.inject({
          ...request,
          headers: { ...(request.headers as Record<string, string> | undefined), ...headers },
        });
        expect(reply.statusCode, `${row.route} as ${caller}: ${reply.body}`).toBe(row.expected[caller]);
        if (reply.statusCode >= 400) {
          expect(reply.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        }
      }
    });
  }

  it('lists every authenticated route the server has', () => {
    const tableRoutes = new Set(rows.map((row) => routeShape(row.route.replace(/ \(.*\)$/, ''))));
    const publicPaths = [
      'register',
      'login',
      'verify',
      'verify/code',
      'verify/send',
      'forgot-password',
      'forgot-reset-password',
    ];
    const routes = registeredRoutes(ctx.app.fastify);
    expect(routes.length).toBeGreaterThan(200);
    // Every route under /api that is not public must be in the table.
    const missing = routes.filter(({ method, url }) => {
      if (method === 'HEAD' || !url.startsWith('/api/') || url === '/api/health') return false;
      if (url === openApiPaths.document || url.startsWith(openApiPaths.reference)) return false;
      if (publicPaths.some((name) => url.endsWith(`/${name}`))) return false;
      return !tableRoutes.has(`${method} ${routeShape(url)}`);
    });
    expect(missing).toEqual([]);
  });
});
