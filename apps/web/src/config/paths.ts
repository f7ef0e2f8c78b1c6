/** `?a=1&b=2` from the parameters that are set, or nothing. */
function searchOf(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return entries.length ? `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)]))}` : '';
}

/** The tabs of the mentor's deck page besides the deck itself. */
export type MentorDeckTab = 'review' | 'report' | 'changes';

/**
 * Every URL of the web app (spec §2) in one place; components and tests build links from here,
 * never from string literals.
 *
 * Three routes are ours, not the spec's: `/forgot-password`, `/forgot-password/investor` and
 * `/forgot-password/mentor` hold the reset flow (ask for the email → enter the emailed code and a
 * new password → back to sign-in with a notice). The spec lists the forgot/reset calls (§7) but no screen for them, and a reset needs a
 * screen a signed-out visitor can reach from the sign-in pages.
 */
export const paths = {
  landing: '/',
  oauthCallback: '/oauth/callback',
  verification: '/verification',
  login: '/login',
  loginInvestor: '/login/investor',
  signup: '/signup',
  signupInvestor: '/signup/investor',
  forgotPassword: '/forgot-password',
  forgotPasswordInvestor: '/forgot-password/investor',
  loginMentor: '/login/mentor',
  signupMentor: '/signup/mentor',
  forgotPasswordMentor: '/forgot-password/mentor',

  founder: {
    home: '/founder',
    pitchdecks: '/founder/pitchdecks',
    myInvestors: '/founder/my-investors',
    milestones: '/founder/milestones',
    milestone: (milestoneId: string) => `/founder/milestones/${encodeURIComponent(milestoneId)}`,
    trends: '/founder/trends',
    /** The founder's data rooms: folders of documents for due diligence. */
    dataRooms: '/founder/datarooms',
    /** One data room; `folder` opens one of its folders. */
    dataRoom: (roomId: string, at: { folder?: string } = {}) =>
      `/founder/datarooms/${encodeURIComponent(roomId)}${searchOf({ folder: at.folder })}`,
    /** Every notification, with filters (the bell's "See all"). */
    inbox: '/founder/inbox',
    /** The founder's mentors, the invitations waiting for an answer, and the form to invite one. */
    mentors: '/founder/mentors',
    submit: '/founder/submit',
    /**
     * The founder's deck page; `page` opens the viewer at that page, `tab: 'report'` the
     * validation report, `tab: 'share'` the deck's share links, `tab: 'mentors'` the mentors'
     * comments and reviews, `tab: 'changes'` what changed between two versions; `comment` marks
     * that comment's region on the page.
     */
    view: (
      id: string,
      at: { page?: number; tab?: 'report' | 'share' | 'mentors' | 'changes'; comment?: string } = {},
    ) => `/founder/view/${encodeURIComponent(id)}${searchOf({ tab: at.tab, page: at.page, comment: at.comment })}`,
  },

  investor: {
    home: '/investor',
    milestones: '/investor/milestones',
    /** One milestone of a deck the investor is accepted on (an investor subpath). */
    milestone: (milestoneId: string) => `/investor/milestones/${encodeURIComponent(milestoneId)}`,
    /** Investor info (firm, thesis, sectors…): an investor subpath, which spec §2 leaves open. */
    profile: '/investor/profile',
    /** The data rooms founders gave the investor through an accepted interest. */
    dataRooms: '/investor/datarooms',
    /** One room given to the investor, read only; `folder` opens one of its folders. */
    dataRoom: (roomId: string, at: { folder?: string } = {}) =>
      `/investor/datarooms/${encodeURIComponent(roomId)}${searchOf({ folder: at.folder })}`,
    /** Every notification, with filters (the bell's "See all"). */
    inbox: '/investor/inbox',
    company: (startupId: string) => `/investor/company/${encodeURIComponent(startupId)}`,
    /** One ready deck: the viewer, its details and the investor's interest (an investor subpath). */
    pitchDeck: (id: string, at: { page?: number } = {}) =>
      `/investor/pitchdecks/${encodeURIComponent(id)}${searchOf({ page: at.page })}`,
    analysis: (pitchDeckId: string) => `/analysis/${encodeURIComponent(pitchDeckId)}`,
  },

  mentor: {
    /** The founders the mentor helps. */
    home: '/mentor',
    /** Every notification, with filters (the bell's "See all"). */
    inbox: '/mentor/inbox',
    /** The live milestones founders share with the mentor. */
    milestones: '/mentor/milestones',
    /** One shared milestone: its board read only, and the threads with the mentors. */
    milestone: (milestoneId: string) => `/mentor/milestones/${encodeURIComponent(milestoneId)}`,
    /**
     * The page an invitation mail links to (the contract's `mentorInvitationPagePath`, spelled
     * here because this file is in the first chunk and the mentors contract would bring zod with
     * it; paths.test.ts holds the two equal). Open to anyone: it explains what to do when the
     * visitor is not signed in as a mentor.
     */
    invitationPage: '/mentor/invitation',
    invitation: (token: string) => `/mentor/invitation${searchOf({ token })}`,
    /**
     * A deck of a founder the mentor helps: the viewer with the comments beside it; `version`
     * picks a ready version (the live one without), `page` opens the viewer at that page, `tab`
     * the review, the version's validation report or what changed.
     */
    deck: (deckId: string, at: { version?: number; page?: number; tab?: MentorDeckTab } = {}) =>
      `/mentor/decks/${encodeURIComponent(deckId)}${searchOf({ tab: at.tab, version: at.version, page: at.page })}`,
  },

  /** A share link's public viewer: anyone with the address, signed in or not, as a visitor. */
  shareLink: (slug: string) => `/s/${encodeURIComponent(slug)}`,
  /** Investor sign-up with the email field filled in (a share link's visitor keeping the deck). */
  signupInvestorAs: (email: string | null) => `/signup/investor${searchOf({ email: email ?? undefined })}`,

  /** Old entry points that only redirect to the signed-in role's home (spec §2). */
  dashboard: '/dashboard',
  userDashboard: '/user/dashboard',
} as const;

/** Route patterns for the router table; the only place `:param` segments are spelled. */
export const routePatterns = {
  founderMilestone: '/founder/milestones/:milestoneId',
  founderView: '/founder/view/:id',
  founderDataRoom: '/founder/datarooms/:roomId',
  investorMilestone: '/investor/milestones/:milestoneId',
  mentorMilestone: '/mentor/milestones/:milestoneId',
  investorDataRoom: '/investor/datarooms/:roomId',
  mentorDeck: '/mentor/decks/:deckId',
  investorCompany: '/investor/company/:startupId',
  investorPitchDeck: '/investor/pitchdecks/:id',
  analysis: '/analysis/:pitchDeckId',
  shareLink: '/s/:slug',
} as const;
