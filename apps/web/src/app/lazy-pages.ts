import type { Role } from '@deckvalid/contract/auth';
import { type ComponentType, createElement, lazy, useState } from 'react';
import { matchPath } from 'react-router';
import { paths, routePatterns } from '@/config/paths';

/**
 * Every route page is its own chunk, loaded on first visit. A cold load fetches only the chunks
 * of the URL it opens: main.tsx starts them (preloadRoute) while the session is still being
 * checked, instead of after. Once that route is on screen and the browser is idle, the other
 * screens of the visitor's own area are prefetched (spec §2), never another role's: a founder's
 * browser has no use for the investor pages, and fetching them competed with the first paint.
 */
const importers = {
  landing: () => import('./routes/landing-page'),
  oauthCallback: () => import('./routes/oauth-callback-page'),
  verification: () => import('./routes/verification-page'),
  login: () => import('./routes/login-page'),
  signup: () => import('./routes/signup-page'),
  forgotPassword: () => import('./routes/forgot-password-page'),
  founderLayout: () => import('./routes/founder-layout'),
  founderHome: () => import('./routes/founder-home-page'),
  founderTrends: () => import('./routes/founder-trends-page'),
  founderPitchdecks: () => import('./routes/founder-pitchdecks-page'),
  founderMyInvestors: () => import('./routes/founder-my-investors-page'),
  founderSubmit: () => import('./routes/founder-submit-page'),
  founderView: () => import('./routes/founder-view-page'),
  investorLayout: () => import('./routes/investor-layout'),
  investorHome: () => import('./routes/investor-home-page'),
  investorInfo: () => import('./routes/investor-info-page'),
  investorPitchDeck: () => import('./routes/investor-pitch-deck-page'),
  investorSections: () => import('./routes/investor-sections'),
  investorCompany: () => import('./routes/investor-company-page'),
  analysis: () => import('./routes/analysis-page'),
  milestones: () => import('./routes/milestone-pages'),
  dataRooms: () => import('./routes/data-room-pages'),
  investorDataRooms: () => import('./routes/investor-data-room-pages'),
  inbox: () => import('./routes/inbox-page'),
  shareLink: () => import('./routes/share-link-page'),
  founderMentors: () => import('./routes/founder-mentors-page'),
  mentorLayout: () => import('./routes/mentor-layout'),
  mentorHome: () => import('./routes/mentor-home-page'),
  mentorInvitation: () => import('./routes/mentor-invitation-page'),
  mentorDeck: () => import('./routes/mentor-deck-page'),
};

type PageChunk = keyof typeof importers;
type PageModule<Chunk extends PageChunk> = Awaited<ReturnType<(typeof importers)[Chunk]>>;

/** The page modules loaded so far: a page whose module is here renders at once, without suspending. */
const loadedModules = new Map<PageChunk, unknown>();

function load<Chunk extends PageChunk>(chunk: Chunk): Promise<PageModule<Chunk>> {
  return (importers[chunk]() as Promise<PageModule<Chunk>>).then((module) => {
    loadedModules.set(chunk, module);
    return module;
  });
}

/**
 * A route page from its chunk. React.lazy suspends on its first render even when the chunk is
 * already in (preloaded while the session was checked), and each Suspense fallback it shows holds
 * the content back for up to 300 ms (React's fallback throttle): on a cold /founder that was two
 * fallbacks, the layout's and the page's. A page whose module is loaded renders directly.
 */
function lazyPage<Chunk extends PageChunk, Props extends object>(
  chunk: Chunk,
  pick: (module: PageModule<Chunk>) => ComponentType<Props>,
): ComponentType<Props> {
  const LazyPage = lazy(() => load(chunk).then((module) => ({ default: pick(module) })));
  // biome-ignore lint/correctness/noComponentHookFactories: runs once per page, at module level, as React.lazy does.
  function Page(props: Props) {
    // Chosen once per mount: swapping LazyPage for the loaded component later would remount the page.
    const [component] = useState<ComponentType<Props>>(() => {
      const module = loadedModules.get(chunk) as PageModule<Chunk> | undefined;
      return module ? pick(module) : (LazyPage as unknown as ComponentType<Props>);
    });
    return createElement(component, props);
  }
  return Page;
}

export const LandingPage = lazyPage('landing', (m) => m.LandingPage);
export const OAuthCallbackPage = lazyPage('oauthCallback', (m) => m.OAuthCallbackPage);
export const VerificationPage = lazyPage('verification', (m) => m.VerificationPage);
export const LoginPage = lazyPage('login', (m) => m.LoginPage);
export const SignupPage = lazyPage('signup', (m) => m.SignupPage);
export const ForgotPasswordPage = lazyPage('forgotPassword', (m) => m.ForgotPasswordPage);

export const FounderLayout = lazyPage('founderLayout', (m) => m.FounderLayout);
export const FounderHomePage = lazyPage('founderHome', (m) => m.FounderHomePage);
export const FounderPitchdecksPage = lazyPage('founderPitchdecks', (m) => m.FounderPitchdecksPage);
export const FounderMyInvestorsPage = lazyPage('founderMyInvestors', (m) => m.FounderMyInvestorsPage);
export const FounderMilestonesPage = lazyPage('milestones', (m) => m.FounderMilestonesPage);
export const FounderMilestonePage = lazyPage('milestones', (m) => m.FounderMilestonePage);
export const FounderDataRoomsPage = lazyPage('dataRooms', (m) => m.FounderDataRoomsPage);
export const FounderDataRoomPage = lazyPage('dataRooms', (m) => m.FounderDataRoomPage);
export const FounderTrendsPage = lazyPage('founderTrends', (m) => m.FounderTrendsPage);
export const FounderSubmitPage = lazyPage('founderSubmit', (m) => m.FounderSubmitPage);
export const FounderViewPage = lazyPage('founderView', (m) => m.FounderViewPage);

export const InvestorLayout = lazyPage('investorLayout', (m) => m.InvestorLayout);
export const InvestorHomePage = lazyPage('investorHome', (m) => m.InvestorHomePage);
export const InvestorInfoPage = lazyPage('investorInfo', (m) => m.InvestorInfoPage);
export const InvestorPitchDeckPage = lazyPage('investorPitchDeck', (m) => m.InvestorPitchDeckPage);
export const InvestorMilestonesPage = lazyPage('milestones', (m) => m.InvestorMilestonesPage);
export const InvestorMilestonePage = lazyPage('milestones', (m) => m.InvestorMilestonePage);
export const InvestorDataRoomsPage = lazyPage('investorDataRooms', (m) => m.InvestorDataRoomsPage);
export const InvestorDataRoomPage = lazyPage('investorDataRooms', (m) => m.InvestorDataRoomPage);
export const InvestorCompanyPage = lazyPage('investorCompany', (m) => m.InvestorCompanyPage);
export const InvestorSubpathPage = lazyPage('investorSections', (m) => m.InvestorSubpathPage);
export const AnalysisPage = lazyPage('analysis', (m) => m.AnalysisPage);
export const InboxPage = lazyPage('inbox', (m) => m.InboxPage);
export const ShareLinkPage = lazyPage('shareLink', (m) => m.ShareLinkPage);
export const FounderMentorsPage = lazyPage('founderMentors', (m) => m.FounderMentorsPage);
export const MentorLayout = lazyPage('mentorLayout', (m) => m.MentorLayout);
export const MentorHomePage = lazyPage('mentorHome', (m) => m.MentorHomePage);
export const MentorInvitationPage = lazyPage('mentorInvitation', (m) => m.MentorInvitationPage);
export const MentorDeckPage = lazyPage('mentorDeck', (m) => m.MentorDeckPage);

/** The screens of each area, the ones its idle prefetch fetches. */
const areaChunks: Record<Role | 'signedOut', readonly PageChunk[]> = {
  signedOut: ['landing', 'login', 'signup', 'forgotPassword', 'verification'],
  user: [
    'founderLayout',
    'founderHome',
    'founderPitchdecks',
    'founderSubmit',
    'founderMyInvestors',
    'milestones',
    'dataRooms',
    'founderTrends',
    'founderView',
    'founderMentors',
    'inbox',
  ],
  investor: [
    'investorLayout',
    'investorHome',
    'investorPitchDeck',
    'milestones',
    'investorInfo',
    'investorDataRooms',
    'investorSections',
    'investorCompany',
    'analysis',
    'inbox',
  ],
  mentor: ['mentorLayout', 'mentorHome', 'mentorDeck', 'mentorInvitation', 'inbox'],
};

/**
 * The chunks a URL renders, first match wins; kept beside the route table's own lazy pages
 * (router.tsx), whose patterns these follow. A URL the table redirects gets none: it will load
 * its target's chunks when it gets there.
 */
const routeChunks: readonly { pattern: string; isPrefix?: boolean; chunks: readonly PageChunk[] }[] = [
  { pattern: paths.landing, chunks: ['landing'] },
  { pattern: paths.oauthCallback, chunks: ['oauthCallback'] },
  { pattern: paths.verification, chunks: ['verification'] },
  { pattern: paths.login, chunks: ['login'] },
  { pattern: paths.loginInvestor, chunks: ['login'] },
  { pattern: paths.signup, chunks: ['signup'] },
  { pattern: paths.signupInvestor, chunks: ['signup'] },
  { pattern: paths.forgotPassword, chunks: ['forgotPassword'] },
  { pattern: paths.forgotPasswordInvestor, chunks: ['forgotPassword'] },
  { pattern: paths.loginMentor, chunks: ['login'] },
  { pattern: paths.signupMentor, chunks: ['signup'] },
  { pattern: paths.forgotPasswordMentor, chunks: ['forgotPassword'] },
  { pattern: paths.founder.home, chunks: ['founderLayout', 'founderHome'] },
  { pattern: paths.founder.pitchdecks, chunks: ['founderLayout', 'founderPitchdecks'] },
  { pattern: paths.founder.myInvestors, chunks: ['founderLayout', 'founderMyInvestors'] },
  { pattern: paths.founder.milestones, chunks: ['founderLayout', 'milestones'] },
  { pattern: routePatterns.founderMilestone, chunks: ['founderLayout', 'milestones'] },
  { pattern: paths.founder.dataRooms, chunks: ['founderLayout', 'dataRooms'] },
  { pattern: routePatterns.founderDataRoom, chunks: ['founderLayout', 'dataRooms'] },
  { pattern: paths.founder.trends, chunks: ['founderLayout', 'founderTrends'] },
  { pattern: paths.founder.inbox, chunks: ['founderLayout', 'inbox'] },
  { pattern: paths.founder.mentors, chunks: ['founderLayout', 'founderMentors'] },
  { pattern: paths.founder.submit, chunks: ['founderLayout', 'founderSubmit'] },
  { pattern: routePatterns.founderView, chunks: ['founderLayout', 'founderView'] },
  { pattern: paths.investor.home, chunks: ['investorLayout', 'investorHome'] },
  { pattern: paths.investor.milestones, chunks: ['investorLayout', 'milestones'] },
  { pattern: routePatterns.investorMilestone, chunks: ['investorLayout', 'milestones'] },
  { pattern: paths.investor.profile, chunks: ['investorLayout', 'investorInfo'] },
  { pattern: paths.investor.dataRooms, chunks: ['investorLayout', 'investorDataRooms'] },
  { pattern: routePatterns.investorDataRoom, chunks: ['investorLayout', 'investorDataRooms'] },
  { pattern: paths.investor.inbox, chunks: ['investorLayout', 'inbox'] },
  { pattern: routePatterns.investorPitchDeck, chunks: ['investorLayout', 'investorPitchDeck'] },
  { pattern: routePatterns.investorCompany, chunks: ['investorLayout', 'investorCompany'] },
  { pattern: routePatterns.analysis, chunks: ['investorLayout', 'analysis'] },
  { pattern: routePatterns.shareLink, chunks: ['shareLink'] },
  { pattern: paths.mentor.home, chunks: ['mentorLayout', 'mentorHome'] },
  { pattern: paths.mentor.inbox, chunks: ['mentorLayout', 'inbox'] },
  { pattern: routePatterns.mentorDeck, chunks: ['mentorLayout', 'mentorDeck'] },
  { pattern: paths.mentor.invitationPage, chunks: ['mentorInvitation'] },
  { pattern: paths.investor.home, isPrefix: true, chunks: ['investorLayout', 'investorSections'] },
];

/** The page chunks `pathname` renders (see routeChunks). */
export function chunksOfRoute(pathname: string): readonly PageChunk[] {
  const route = routeChunks.find(({ pattern, isPrefix }) => matchPath({ path: pattern, end: !isPrefix }, pathname));
  return route?.chunks ?? [];
}

/**
 * Starts loading the chunks of the page `pathname` shows. A guard may still send the visitor
 * elsewhere (another role's home, sign-in); that page loads on arrival, as before.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.allSettled(chunksOfRoute(pathname).map((chunk) => load(chunk)));
}

/**
 * Prefetches the screens of one area (`signedOut` for the sign-in side). Failures are left for
 * the visit itself to report.
 */
export function prefetchArea(area: Role | 'signedOut'): Promise<unknown> {
  return Promise.allSettled(areaChunks[area].map((chunk) => load(chunk)));
}
