import type { Role } from '@deckvalid/contract/auth';
import { paths, routePatterns } from '@/config/paths';
import type { AuthState } from '@/features/auth/auth-state';
import { areaRoleOf, homePathOf } from '@/features/auth/role-home';

/**
 * Every route page is its own chunk, loaded on first visit. A cold load fetches only the chunks
 * of the URL it opens, and starts them from the session preflight (src/preflight.ts), the first
 * script of the page, rather than once React and Mantine have loaded and run: the page's code
 * then arrives beside the app's own instead of after it. Once that route is on screen and the
 * browser is idle, the other screens of the visitor's own area are prefetched (spec §2), never
 * another role's: a founder's browser has no use for the investor pages, and fetching them
 * competed with the first paint.
 *
 * Nothing here imports React or the router, so the preflight that imports it runs as soon as it
 * and this table have arrived.
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

export type PageChunk = keyof typeof importers;
export type PageModule<Chunk extends PageChunk> = Awaited<ReturnType<(typeof importers)[Chunk]>>;

/** The page modules loaded so far: a page whose module is here renders at once, without suspending. */
const loadedModules = new Map<PageChunk, unknown>();

/** Loads a page's chunk, once; its module is then `loadedPage(chunk)`. */
export function loadPage<Chunk extends PageChunk>(chunk: Chunk): Promise<PageModule<Chunk>> {
  return (importers[chunk]() as Promise<PageModule<Chunk>>).then((module) => {
    loadedModules.set(chunk, module);
    return module;
  });
}

/** A page's module if its chunk has loaded (see loadPage). */
export function loadedPage<Chunk extends PageChunk>(chunk: Chunk): PageModule<Chunk> | undefined {
  return loadedModules.get(chunk) as PageModule<Chunk> | undefined;
}

/** Each pattern's expression, made on its first match: a navigation tries the whole table. */
const compiledPatterns = new Map<string, RegExp>();

/**
 * Whether `pathname` matches a route pattern of the table below as the router's matchPath does:
 * case-insensitively, `:name` taking one segment, trailing slashes ignored; with `end` false the
 * pattern may be followed by more segments. (The router itself would bring React with it.)
 */
export function matchesPattern(pattern: string, pathname: string, end: boolean): boolean {
  const key = `${end ? '$' : '…'}${pattern}`;
  let compiled = compiledPatterns.get(key);
  if (!compiled) {
    const body = pattern
      .replace(/\/+$/, '')
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    compiled = new RegExp(`^${body}${end ? '/*$' : '(?:/|$)'}`, 'i');
    compiledPatterns.set(key, compiled);
  }
  return compiled.test(pathname);
}

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
  const route = routeChunks.find(({ pattern, isPrefix }) => matchesPattern(pattern, pathname, !isPrefix));
  return route?.chunks ?? [];
}

/**
 * Starts loading the chunks of the page `pathname` shows. A guard may still send the visitor
 * elsewhere (another role's home, sign-in); that page loads on arrival, as before.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.allSettled(chunksOfRoute(pathname).map((chunk) => loadPage(chunk)));
}

/**
 * Starts loading the chunks of the page a cold load will show, for the session `auth` restored
 * from storage: a restored session outside its area (/, /login, /verification, /dashboard) is on
 * its way home, so that page's chunks; none when a guard is about to send the visitor to another
 * area, whose chunks load on arrival.
 */
export function preloadStartingRoute(auth: AuthState, pathname: string): Promise<unknown> {
  const areaRole = areaRoleOf(pathname);
  if (auth.isAuthenticated && areaRole === null) return preloadRoute(homePathOf(auth.role));
  if (areaRole === null || auth.role === areaRole) return preloadRoute(pathname);
  return Promise.resolve();
}

/**
 * Prefetches the screens of one area (`signedOut` for the sign-in side). Failures are left for
 * the visit itself to report.
 */
export function prefetchArea(area: Role | 'signedOut'): Promise<unknown> {
  return Promise.allSettled(areaChunks[area].map((chunk) => loadPage(chunk)));
}
