import { z } from 'zod';
import { codeSchema, emailSchema } from './auth';
import { dataRoomItemSchema } from './datarooms';
import { viewReportLimits } from './pitchdecks';
import { formatCount, idSchema, textSchema } from './text';

/**
 * Share links to a deck. A founder makes any number of links per deck, each with its own gate
 * (email, verified email, allow and deny lists, passcode, agreement), expiry, download and
 * watermark settings; anyone holding the link's address opens the deck without an account once
 * the gate is passed, and the founder sees who read what. Rules: docs/api.md, "Share links".
 *
 * The visitor's side, in order:
 * 1. `GET publicLinkPaths.link(slug)` says what the gate asks for (`requires`).
 * 2. `POST publicLinkPaths.access(slug)` with what it asks for answers a viewer token, or a 4xx
 *    whose `error.code` (one of `linkAccessErrorCodes`) names the first requirement not met.
 * 3. The token goes in `Authorization: Bearer …` on `file`, `download` and `views`. It ends with
 *    the link (ended, expired, deck deleted) and as soon as a settings change would refuse it.
 */
export const linkLimits = {
  /** Characters of a link's name. */
  nameLength: 120,
  /** Characters of a passcode. */
  passcodeLength: 128,
  /** Characters of an agreement's text. */
  agreementLength: 20_000,
  /** Entries of an allow or a deny list. */
  listEntries: 500,
  /** Characters of one list entry. */
  entryLength: 254,
  /** Links one deck may have, ended ones included. */
  linksPerDeck: 200,
  /** Hours a viewer token lasts at most (never past the link's own expiry). */
  viewerTokenHours: 12,
  /** Wrong passcodes and codes one visitor may try on one link within `guessWindowMinutes`. */
  wrongGuesses: 10,
  guessWindowMinutes: 15,
  /** Minutes a mailed code stays valid. */
  codeMinutes: 10,
  /** Codes mailed to one address for one link within `guessWindowMinutes`. */
  codesPerWindow: 5,
} as const;

/**
 * A link's address part: at least 128 random bits, base64url (the server makes 192). Anything
 * else is refused before any lookup.
 */
export const linkSlugSchema = textSchema({ max: 64, trim: false, required: 'Give the link address.' }).regex(
  /^[A-Za-z0-9_-]{22,64}$/,
  'This link address is not valid. Check that it was copied whole.',
);

/** A domain as a list names it: `example.com`, `mail.example.co.uk` (lower case once parsed). */
const domainPattern = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Whether `email` passes an allow list and a deny list: an entry is a whole address
 * (`ravi@northwind.vc`) or a domain (`@northwind.vc` and `northwind.vc` alike, subdomains not
 * included). Deny wins over allow; an empty allow list allows everyone not denied. Both sides
 * compare lower case. The server decides with this; the web may use it to explain a refusal.
 */
export function isEmailAllowed(email: string, allowList: readonly string[], denyList: readonly string[]): boolean {
  const address = email.toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const matches = (entry: string) => {
    const value = entry.toLowerCase();
    if (value.includes('@') && !value.startsWith('@')) return value === address;
    return value.replace(/^@/, '') === domain;
  };
  if (denyList.some(matches)) return false;
  return allowList.length === 0 || allowList.some(matches);
}

const listEntryMessage = 'Use an email address, a domain such as example.com, or @example.com.';

/** One allow- or deny-list entry: an address, `@domain.com` or `domain.com`; stored lower case. */
export const linkListEntrySchema = textSchema({
  max: linkLimits.entryLength,
  tooLong: listEntryMessage,
  required: listEntryMessage,
})
  .toLowerCase()
  .refine(
    (value) =>
      domainPattern.test(value.replace(/^@/, '')) || (!value.startsWith('@') && z.email().safeParse(value).success),
    listEntryMessage,
  );

const linkListSchema = z
  .array(linkListEntrySchema)
  .max(linkLimits.listEntries, `A list holds at most ${formatCount(linkLimits.listEntries)} entries.`);

const linkNameSchema = textSchema({
  max: linkLimits.nameLength,
  required: 'Name the link, for example after who gets it.',
  tooLong: `Use at most ${linkLimits.nameLength} characters for the link's name.`,
}).min(1, 'Name the link, for example after who gets it.');

/** Sent as typed: a passcode is a secret, so surrounding spaces are part of it. */
const passcodeSchema = textSchema({
  max: linkLimits.passcodeLength,
  required: 'Enter the passcode.',
  tooLong: `A passcode has at most ${linkLimits.passcodeLength} characters.`,
  trim: false,
}).min(1, 'Enter the passcode.');

const agreementSchema = textSchema({
  max: linkLimits.agreementLength,
  tooLong: `An agreement has at most ${formatCount(linkLimits.agreementLength)} characters.`,
}).min(1, 'Write the agreement, or leave it out.');

const expiresAtSchema = z.iso.datetime({
  offset: true,
  error: 'Give the expiry as a date and time, such as 2030-01-31T18:00:00Z.',
});

const versionPinSchema = z
  .number({ error: 'Pick a version number.' })
  .int('Pick a version number.')
  .min(1, 'Pick a version number.')
  .max(100_000, 'Pick a version number.');

const isOn = z.boolean({ error: 'Use true or false.' });

/**
 * The settings of a link as the founder sends them. Verifying emails, the lists and the
 * watermark (which stamps the visitor's email) need `requireEmail`; the server refuses the mix
 * with a 400 naming the field.
 */
const linkSettingsShape = {
  /** What the founder calls the link ("Northwind – Ravi"); visitors never see it. */
  name: linkNameSchema,
  /** The visitor gives an email address before reading. */
  requireEmail: isOn,
  /** The visitor proves the address with a 6-digit code mailed to it. */
  verifyEmail: isOn,
  /** Only these addresses and domains may open the link (empty: anyone not denied). */
  allowList: linkListSchema,
  /** These addresses and domains may not open the link, even if allowed. */
  denyList: linkListSchema,
  /** A passcode the visitor must type; null for none. Stored hashed, never answered back. */
  passcode: passcodeSchema.nullable(),
  /** When the link stops working; null for never. A time already past is refused. */
  expiresAt: expiresAtSchema.nullable(),
  /** The visitor may download the PDF (the viewer shows it either way). */
  allowDownload: isOn,
  /** The visitor's email, the date and "Confidential" are drawn on every page of the file served. */
  watermark: isOn,
  /** A text the visitor must accept before reading (an NDA); null for none. */
  agreement: agreementSchema.nullable(),
  /** The founder is told (inbox and mail) of each visitor's first visit. */
  notify: isOn,
  /** The deck version the link shows; null shows the live version, whichever it is at the time. */
  version: versionPinSchema.nullable(),
};

/** The settings combinations the server refuses, as `details.fields` names them. */
export const linkSettingsNeedingEmail = ['verifyEmail', 'allowList', 'denyList', 'watermark'] as const;

/** POST /api/v1/users/pitchdecks/{id}/links: only `name` is required. */
export const createLinkBodySchema = z
  .object({
    name: linkSettingsShape.name,
    requireEmail: linkSettingsShape.requireEmail.default(true),
    verifyEmail: linkSettingsShape.verifyEmail.default(false),
    allowList: linkSettingsShape.allowList.default([]),
    denyList: linkSettingsShape.denyList.default([]),
    passcode: linkSettingsShape.passcode.default(null),
    expiresAt: linkSettingsShape.expiresAt.default(null),
    allowDownload: linkSettingsShape.allowDownload.default(false),
    watermark: linkSettingsShape.watermark.default(false),
    agreement: linkSettingsShape.agreement.default(null),
    notify: linkSettingsShape.notify.default(true),
    version: linkSettingsShape.version.default(null),
  })
  .strict();
export type CreateLinkBody = z.infer<typeof createLinkBodySchema>;

/** PATCH …/links/{linkId}: any settings; those left out stay. `passcode: null` removes it. */
export const updateLinkBodySchema = z
  .object(linkSettingsShape)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one setting.' });
export type UpdateLinkBody = z.infer<typeof updateLinkBodySchema>;

/**
 * POST /api/v1/users/datarooms/{roomId}/links: a link to a whole data room, with a deck link's
 * settings but no version (a room shows its documents as they are).
 */
export const createRoomLinkBodySchema = createLinkBodySchema.omit({ version: true });
export type CreateRoomLinkBody = z.infer<typeof createRoomLinkBodySchema>;

/** PATCH …/datarooms/{roomId}/links/{linkId}: as a deck link's, without a version. */
export const updateRoomLinkBodySchema = z
  .object(linkSettingsShape)
  .omit({ version: true })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one setting.' });
export type UpdateRoomLinkBody = z.infer<typeof updateRoomLinkBodySchema>;

/** Whether a link works now: `ended` by its founder (or its deck), `expired` past `expiresAt`. */
export const linkStates = ['active', 'expired', 'ended'] as const;
export type LinkState = (typeof linkStates)[number];

/** A link as its founder sees it: to one deck, or to a data room. */
export const deckLinkSchema = z.object({
  id: z.string(),
  /** The deck it shows; null for a data room's link. */
  pitchDeckId: z.string().nullable(),
  /** The data room it shows; null for a deck's link. */
  dataRoomId: z.string().nullable(),
  /** The address part; `url` is the whole address to send. */
  slug: z.string(),
  /** The public viewer's address: `{PUBLIC_URL}/s/{slug}`. */
  url: z.string(),
  name: z.string(),
  requireEmail: z.boolean(),
  verifyEmail: z.boolean(),
  allowList: z.array(z.string()),
  denyList: z.array(z.string()),
  /** Whether a passcode is set; the passcode itself is never answered. */
  hasPasscode: z.boolean(),
  expiresAt: z.string().nullable(),
  allowDownload: z.boolean(),
  watermark: z.boolean(),
  agreement: z.string().nullable(),
  notify: z.boolean(),
  /** The pinned version's number; null: the live version. */
  version: z.number().nullable(),
  state: z.enum(linkStates),
  /** When the founder ended it; null while not ended. */
  endedAt: z.string().nullable(),
  /** Accesses granted (each pass through the gate is one visit). */
  visitCount: z.number(),
  /** Distinct visitors: by email, or one per visit when the link asks for none. */
  visitorCount: z.number(),
  /** The last access granted; null before any. */
  lastVisitAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeckLink = z.infer<typeof deckLinkSchema>;

/** POST, PATCH → `{ link }`. */
export const deckLinkResponseSchema = z.object({ link: deckLinkSchema });
export type DeckLinkResponse = z.infer<typeof deckLinkResponseSchema>;
/** GET …/links: the deck's links, newest first, ended ones included. */
export const deckLinksResponseSchema = z.object({ data: z.array(deckLinkSchema) });
export type DeckLinksResponse = z.infer<typeof deckLinksResponseSchema>;

export const deckLinkParamsSchema = z.object({ id: idSchema, linkId: idSchema });
export const roomLinkParamsSchema = z.object({ roomId: idSchema, linkId: idSchema });
export const publicLinkParamsSchema = z.object({ slug: linkSlugSchema });

/** One visitor of a link, as its founder sees them. */
export const linkVisitorSchema = z.object({
  /** Null when the link asked for no email and the visitor gave none. */
  email: z.string().nullable(),
  /** Whether the email was proven with a mailed code. */
  isEmailVerified: z.boolean(),
  visits: z.number(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  totalSeconds: z.number(),
  /** Time per page across every visit, pages without time left out, in page order. */
  pages: z.array(z.object({ page: z.number(), seconds: z.number() })),
  /** The furthest page reached; null before any reading was reported. */
  furthestPage: z.number().nullable(),
  /** Whether they downloaded the file (`downloads` times). */
  downloaded: z.boolean(),
  downloads: z.number(),
  /** When they accepted the link's agreement (the latest acceptance); null if never asked. */
  agreedAt: z.string().nullable(),
  /**
   * A data room's link: each document the visitor opened or downloaded, with its reading time per
   * page (`pages` and `furthestPage` above stay empty there). Empty for a deck's link.
   */
  documents: z.array(
    z.object({
      itemId: z.string(),
      name: z.string(),
      /** Times the viewer opened it. */
      opens: z.number(),
      downloads: z.number(),
      totalSeconds: z.number(),
      pages: z.array(z.object({ page: z.number(), seconds: z.number() })),
      /** The document's pages now; null for a file that is not a PDF. */
      pageCount: z.number().nullable(),
      lastOpenedAt: z.string(),
    }),
  ),
});
export type LinkVisitor = z.infer<typeof linkVisitorSchema>;

/** GET …/links/{linkId}/visitors: most recently seen first. */
export const linkVisitorsResponseSchema = z.object({ data: z.array(linkVisitorSchema) });
export type LinkVisitorsResponse = z.infer<typeof linkVisitorsResponseSchema>;

/**
 * A deck that reached an investor through share links they opened with their own email, proven
 * by a mailed code: what they read is kept with their investor account (an unproven email keeps
 * nothing, or anyone could fill an investor's list by typing their address into a gate).
 */
export const sharedDeckSchema = z.object({
  pitchDeck: z.object({ id: z.string(), title: z.string(), company: z.string(), pageCount: z.number() }),
  founderName: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** Reading time across every link of the deck the investor opened. */
  totalSeconds: z.number(),
  /** The furthest page reached; null when no reading was reported. */
  furthestPage: z.number().nullable(),
});
export type SharedDeck = z.infer<typeof sharedDeckSchema>;

/** GET sharedDeckPaths.sharedDecks: most recently opened first; decks no longer readable left out. */
export const sharedDecksResponseSchema = z.object({ data: z.array(sharedDeckSchema) });
export type SharedDecksResponse = z.infer<typeof sharedDecksResponseSchema>;

/** What a link shows: one deck, or a data room's documents. */
export const linkKinds = ['deck', 'room'] as const;
export type LinkKind = (typeof linkKinds)[number];

/** GET /api/v1/links/{slug}: what a visitor without an account sees before the gate. */
export const publicLinkSchema = z.object({
  kind: z.enum(linkKinds),
  /** The deck's title, or the data room's name. */
  title: z.string(),
  /** The deck's company, or the room founder's company (their name when they gave none). */
  company: z.string(),
  /** The deck's pages; 0 for a data room (its documents' pages are in its tree). */
  pageCount: z.number(),
  /** What POST …/access will ask for. */
  requires: z.object({
    email: z.boolean(),
    verifyEmail: z.boolean(),
    passcode: z.boolean(),
    agreement: z.boolean(),
  }),
  /** The text to accept, when `requires.agreement`. */
  agreement: z.string().nullable(),
  allowDownload: z.boolean(),
  watermark: z.boolean(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;
export const publicLinkResponseSchema = z.object({ link: publicLinkSchema });
export type PublicLinkResponse = z.infer<typeof publicLinkResponseSchema>;

/**
 * POST /api/v1/links/{slug}/access: what the gate asks for, all in one body; send again with
 * more once a refusal names what is missing (the mailed `code` after `CODE_SENT`).
 */
export const linkAccessBodySchema = z
  .object({
    email: emailSchema.optional(),
    passcode: passcodeSchema.optional(),
    code: codeSchema.optional(),
    /** The visitor accepts the agreement. */
    agreed: isOn.optional(),
  })
  .strict();
export type LinkAccessBody = z.infer<typeof linkAccessBodySchema>;

export const linkAccessResponseSchema = z.object({
  /** Goes in `Authorization: Bearer …` on the file, download and views calls. */
  viewerToken: z.string(),
  /** When the token stops working, at the latest (it ends sooner with the link). */
  expiresAt: z.string(),
});
export type LinkAccessResponse = z.infer<typeof linkAccessResponseSchema>;

/**
 * The gate's refusals, in the order it checks: each names the first requirement not met, in
 * `error.code` (status 403, or 429 `RATE_LIMITED` with Retry-After after too many wrong guesses).
 * `CODE_SENT` is not a failure: a code went to the address; send it back as `code`.
 */
export const linkAccessErrorCodes = [
  'EMAIL_REQUIRED',
  'EMAIL_NOT_ALLOWED',
  'PASSCODE_REQUIRED',
  'PASSCODE_WRONG',
  'AGREEMENT_REQUIRED',
  'CODE_SENT',
  'CODE_WRONG',
] as const;
export type LinkAccessErrorCode = (typeof linkAccessErrorCodes)[number];

/**
 * GET /api/v1/links/{slug}/room (viewer token): a data room's folders and files as the visitor
 * sees them. A PDF whose `status` is `ready` opens in the viewer; any other file downloads only,
 * and only when the link allows downloads.
 */
export const publicLinkRoomSchema = z.object({ name: z.string(), items: z.array(dataRoomItemSchema) });
export type PublicLinkRoom = z.infer<typeof publicLinkRoomSchema>;
export const publicLinkRoomResponseSchema = z.object({ room: publicLinkRoomSchema });
export type PublicLinkRoomResponse = z.infer<typeof publicLinkRoomResponseSchema>;
export const publicLinkItemParamsSchema = z.object({ slug: linkSlugSchema, itemId: idSchema });

/** POST /api/v1/links/{slug}/views: as investors report reading time, with the same limits. */
export const recordLinkViewBodySchema = z.object({
  /** Made by the viewer once per opening of the deck or document (a UUID). */
  sessionId: z.uuid({ error: 'Send the viewing session id.' }),
  /** The document read, on a data room's link (required there, refused on a deck's). */
  itemId: idSchema.optional(),
  pages: z
    .array(
      z.object({
        page: z.number().int().min(1).max(viewReportLimits.maxPage),
        /** Seconds the page was visible while the tab was visible, since the last report. */
        seconds: z.number().min(0).max(viewReportLimits.maxSecondsPerEntry),
      }),
    )
    .min(1, 'Report at least one page.')
    .max(viewReportLimits.maxEntries)
    .refine((pages) => new Set(pages.map((entry) => entry.page)).size === pages.length, {
      message: 'Report each page once.',
    })
    .refine((pages) => pages.reduce((sum, entry) => sum + entry.seconds, 0) <= viewReportLimits.maxSecondsPerReport, {
      message: `Report at most ${viewReportLimits.maxSecondsPerReport} seconds at a time.`,
    }),
});
export type RecordLinkViewBody = z.infer<typeof recordLinkViewBodySchema>;

/**
 * Sent on the founder's sockets (/chats namespace, their own room) each time a visitor passes a
 * link's gate: the "someone is viewing now" alert of the bell and the deck page.
 */
export const linkSocketEvents = { viewing: 'links:viewing' } as const;
export const linkViewingSchema = z.object({
  /** The deck the link shows; null for a data room's link. */
  pitchDeckId: z.string().nullable(),
  /** The data room the link shows; null for a deck's link. */
  dataRoomId: z.string().nullable(),
  linkId: z.string(),
  linkName: z.string(),
  /** The deck's title, or the data room's name, to name it in the alert. */
  deckTitle: z.string(),
  /** Null when the link asks for no email. */
  email: z.string().nullable(),
  /** The visitor's first visit of this link. */
  isFirstVisit: z.boolean(),
  /** The link's founder asked to be told of visits (a first one also lands in their inbox). */
  notify: z.boolean(),
  at: z.string(),
});
export type LinkViewing = z.infer<typeof linkViewingSchema>;

// ---------------------------------------------------------------------------------------------
// Paths

const segment = encodeURIComponent;

/** The founder's calls on a deck's links. */
export const deckLinkPaths = {
  links: (deckId: string) => `/api/v1/users/pitchdecks/${segment(deckId)}/links`,
  link: (deckId: string, linkId: string) => `/api/v1/users/pitchdecks/${segment(deckId)}/links/${segment(linkId)}`,
  visitors: (deckId: string, linkId: string) =>
    `/api/v1/users/pitchdecks/${segment(deckId)}/links/${segment(linkId)}/visitors`,
  /** Route patterns of the three above, for the server's router. */
  linksPattern: '/api/v1/users/pitchdecks/:id/links',
  linkPattern: '/api/v1/users/pitchdecks/:id/links/:linkId',
  visitorsPattern: '/api/v1/users/pitchdecks/:id/links/:linkId/visitors',
} as const;

/** The founder's calls on a data room's links (the same answers as a deck's links). */
export const roomLinkPaths = {
  links: (roomId: string) => `/api/v1/users/datarooms/${segment(roomId)}/links`,
  link: (roomId: string, linkId: string) => `/api/v1/users/datarooms/${segment(roomId)}/links/${segment(linkId)}`,
  visitors: (roomId: string, linkId: string) =>
    `/api/v1/users/datarooms/${segment(roomId)}/links/${segment(linkId)}/visitors`,
  linksPattern: '/api/v1/users/datarooms/:roomId/links',
  linkPattern: '/api/v1/users/datarooms/:roomId/links/:linkId',
  visitorsPattern: '/api/v1/users/datarooms/:roomId/links/:linkId/visitors',
} as const;

/** The investor's decks shared with them by link (`sharedDeckSchema`). */
export const sharedDeckPaths = { sharedDecks: '/api/v1/investors/me/shared-decks' } as const;

/** Where every visitor call lives; request logs print no path under it verbatim (the slug is a secret). */
export const publicLinksRoot = '/api/v1/links/';

/** A visitor's calls, without an account. */
export const publicLinkPaths = {
  link: (slug: string) => `${publicLinksRoot}${segment(slug)}`,
  access: (slug: string) => `${publicLinksRoot}${segment(slug)}/access`,
  /** The PDF to show (watermarked when the link says so). */
  file: (slug: string) => `${publicLinksRoot}${segment(slug)}/file`,
  /** The same PDF as an attachment; 403 unless the link allows downloads. */
  download: (slug: string) => `${publicLinksRoot}${segment(slug)}/download`,
  views: (slug: string) => `${publicLinksRoot}${segment(slug)}/views`,
  /** A data room's tree, then each document to show or download (the file and download rules above). */
  room: (slug: string) => `${publicLinksRoot}${segment(slug)}/room`,
  roomFile: (slug: string, itemId: string) => `${publicLinksRoot}${segment(slug)}/items/${segment(itemId)}/file`,
  roomDownload: (slug: string, itemId: string) =>
    `${publicLinksRoot}${segment(slug)}/items/${segment(itemId)}/download`,
  linkPattern: '/api/v1/links/:slug',
  roomPattern: '/api/v1/links/:slug/room',
  roomFilePattern: '/api/v1/links/:slug/items/:itemId/file',
  roomDownloadPattern: '/api/v1/links/:slug/items/:itemId/download',
  accessPattern: '/api/v1/links/:slug/access',
  filePattern: '/api/v1/links/:slug/file',
  downloadPattern: '/api/v1/links/:slug/download',
  viewsPattern: '/api/v1/links/:slug/views',
} as const;

/** The public viewer's page in the web app (the `url` a founder sends). */
export const linkViewerPath = (slug: string) => `/s/${segment(slug)}`;
