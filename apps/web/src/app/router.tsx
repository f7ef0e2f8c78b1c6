import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths, routePatterns } from '@/config/paths';
import { verificationSuccessTarget } from '@/features/auth/role-home';
import { RouteErrorScreen } from './error-screen';
import { AnalysisGuard, DashboardRedirect, LandingForVisitors, RequireRole, SignedOutOnly } from './guards';
import {
  AnalysisPage,
  ForgotPasswordPage,
  FounderDataRoomPage,
  FounderDataRoomsPage,
  FounderHomePage,
  FounderLayout,
  FounderMentorsPage,
  FounderMilestonePage,
  FounderMilestonesPage,
  FounderMyInvestorsPage,
  FounderPitchdecksPage,
  FounderSubmitPage,
  FounderTrendsPage,
  FounderViewPage,
  InboxPage,
  InvestorCompanyPage,
  InvestorDataRoomPage,
  InvestorDataRoomsPage,
  InvestorHomePage,
  InvestorInfoPage,
  InvestorLayout,
  InvestorMilestonePage,
  InvestorMilestonesPage,
  InvestorPitchDeckPage,
  InvestorSubpathPage,
  LandingPage,
  LoginPage,
  MentorDeckPage,
  MentorHomePage,
  MentorInvitationPage,
  MentorLayout,
  MentorMilestonePage,
  MentorMilestonesPage,
  OAuthCallbackPage,
  ShareLinkPage,
  SignupPage,
  VerificationPage,
} from './lazy-pages';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-title';

/** A route's tab title (RouteTitle): "My investors" shows as "My investors · Pitchlane". */
const titled = (title: string): RouteHandle => ({ title });

/** Child paths are written relative to their parent; the full URLs are those of config/paths.ts. */
const relative = (path: string, parent: string) => path.slice(parent.length + 1);

/**
 * The route table of spec §2. Guards are layout routes: RequireRole for the founder, investor
 * and mentor areas (and /analysis), SignedOutOnly for sign-in, sign-up, verification and the reset flow.
 */
export function createRoutes({ prefetch = true }: { prefetch?: boolean } = {}): RouteObject[] {
  return [
    {
      path: paths.landing,
      element: <RootLayout prefetch={prefetch} />,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          element: <LandingForVisitors />,
          children: [{ index: true, element: <LandingPage />, handle: titled('Pitch decks, reviewed by investors') }],
        },
        { path: paths.oauthCallback, element: <OAuthCallbackPage />, handle: titled('Signing in') },
        // A share link opens for anyone, signed in or not: no guard.
        { path: routePatterns.shareLink, element: <ShareLinkPage />, handle: titled('Shared deck') },
        {
          element: <SignedOutOnly redirectTo={(role) => verificationSuccessTarget(undefined, role)} />,
          children: [{ path: paths.verification, element: <VerificationPage />, handle: titled('Verify your email') }],
        },
        {
          element: <SignedOutOnly />,
          children: [
            { path: paths.login, element: <LoginPage accountRole="user" />, handle: titled('Sign in') },
            {
              path: paths.loginInvestor,
              element: <LoginPage accountRole="investor" />,
              handle: titled('Investor sign in'),
            },
            {
              path: paths.signup,
              element: <SignupPage accountRole="user" />,
              handle: titled('Create a founder account'),
            },
            {
              path: paths.signupInvestor,
              element: <SignupPage accountRole="investor" />,
              handle: titled('Create an investor account'),
            },
            {
              path: paths.forgotPassword,
              element: <ForgotPasswordPage accountRole="user" />,
              handle: titled('Reset your password'),
            },
            {
              path: paths.forgotPasswordInvestor,
              element: <ForgotPasswordPage accountRole="investor" />,
              handle: titled('Reset your password'),
            },
            { path: paths.loginMentor, element: <LoginPage accountRole="mentor" />, handle: titled('Mentor sign in') },
            {
              path: paths.signupMentor,
              element: <SignupPage accountRole="mentor" />,
              handle: titled('Create a mentor account'),
            },
            {
              path: paths.forgotPasswordMentor,
              element: <ForgotPasswordPage accountRole="mentor" />,
              handle: titled('Reset your password'),
            },
          ],
        },
        {
          path: paths.founder.home,
          element: <RequireRole accountRole="user" />,
          children: [
            {
              element: <FounderLayout />,
              children: [
                { index: true, element: <FounderHomePage />, handle: titled('Home') },
                {
                  path: relative(paths.founder.pitchdecks, paths.founder.home),
                  element: <FounderPitchdecksPage />,
                  handle: titled('Pitch decks'),
                },
                {
                  path: relative(paths.founder.myInvestors, paths.founder.home),
                  element: <FounderMyInvestorsPage />,
                  handle: titled('My investors'),
                },
                {
                  path: relative(paths.founder.milestones, paths.founder.home),
                  element: <FounderMilestonesPage />,
                  handle: titled('Milestones'),
                },
                {
                  path: relative(routePatterns.founderMilestone, paths.founder.home),
                  element: <FounderMilestonePage />,
                  handle: titled('Milestone'),
                },
                {
                  path: relative(paths.founder.dataRooms, paths.founder.home),
                  element: <FounderDataRoomsPage />,
                  handle: titled('Data rooms'),
                },
                {
                  path: relative(routePatterns.founderDataRoom, paths.founder.home),
                  element: <FounderDataRoomPage />,
                  handle: titled('Data room'),
                },
                {
                  path: relative(paths.founder.trends, paths.founder.home),
                  element: <FounderTrendsPage />,
                  handle: titled('Trends'),
                },
                {
                  path: relative(paths.founder.inbox, paths.founder.home),
                  element: <InboxPage />,
                  handle: titled('Inbox'),
                },
                {
                  path: relative(paths.founder.mentors, paths.founder.home),
                  element: <FounderMentorsPage />,
                  handle: titled('Mentors'),
                },
                {
                  path: relative(paths.founder.submit, paths.founder.home),
                  element: <FounderSubmitPage />,
                  handle: titled('Submit a pitch deck'),
                },
                {
                  path: relative(routePatterns.founderView, paths.founder.home),
                  element: <FounderViewPage />,
                  handle: titled('Pitch deck'),
                },
                // /founder/dashboard and any other /founder/* (spec §2).
                { path: '*', element: <Navigate to={paths.founder.home} replace /> },
              ],
            },
          ],
        },
        {
          path: paths.investor.home,
          element: <RequireRole accountRole="investor" />,
          children: [
            {
              element: <InvestorLayout />,
              children: [
                { index: true, element: <InvestorHomePage />, handle: titled('Browse decks') },
                {
                  path: relative(paths.investor.milestones, paths.investor.home),
                  element: <InvestorMilestonesPage />,
                  handle: titled('Milestones'),
                },
                {
                  path: relative(routePatterns.investorMilestone, paths.investor.home),
                  element: <InvestorMilestonePage />,
                  handle: titled('Milestone'),
                },
                {
                  path: relative(paths.investor.profile, paths.investor.home),
                  element: <InvestorInfoPage />,
                  handle: titled('Investor info'),
                },
                {
                  path: relative(paths.investor.dataRooms, paths.investor.home),
                  element: <InvestorDataRoomsPage />,
                  handle: titled('Data rooms'),
                },
                {
                  path: relative(routePatterns.investorDataRoom, paths.investor.home),
                  element: <InvestorDataRoomPage />,
                  handle: titled('Data room'),
                },
                {
                  path: relative(paths.investor.inbox, paths.investor.home),
                  element: <InboxPage />,
                  handle: titled('Inbox'),
                },
                {
                  path: relative(routePatterns.investorCompany, paths.investor.home),
                  element: <InvestorCompanyPage />,
                  handle: titled('Company'),
                },
                {
                  path: relative(routePatterns.investorPitchDeck, paths.investor.home),
                  element: <InvestorPitchDeckPage />,
                  handle: titled('Pitch deck'),
                },
                // /investor/{subpath}/* belongs to the investor area (spec §2).
                { path: '*', element: <InvestorSubpathPage />, handle: titled('Investor') },
              ],
            },
          ],
        },
        // The invitation page is for anyone with the mail's link: it says what to do when the
        // visitor is not signed in as a mentor, so it sits outside the mentor guard.
        {
          path: paths.mentor.invitationPage,
          element: <MentorInvitationPage />,
          handle: titled('Mentor invitation'),
        },
        {
          path: paths.mentor.home,
          element: <RequireRole accountRole="mentor" />,
          children: [
            {
              element: <MentorLayout />,
              children: [
                { index: true, element: <MentorHomePage />, handle: titled('Founders you mentor') },
                {
                  path: relative(paths.mentor.inbox, paths.mentor.home),
                  element: <InboxPage />,
                  handle: titled('Inbox'),
                },
                {
                  path: relative(routePatterns.mentorDeck, paths.mentor.home),
                  element: <MentorDeckPage />,
                  handle: titled('Deck'),
                },
                {
                  path: relative(paths.mentor.milestones, paths.mentor.home),
                  element: <MentorMilestonesPage />,
                  handle: titled('Milestones'),
                },
                {
                  path: relative(routePatterns.mentorMilestone, paths.mentor.home),
                  element: <MentorMilestonePage />,
                  handle: titled('Milestone'),
                },
                { path: '*', element: <Navigate to={paths.mentor.home} replace /> },
              ],
            },
          ],
        },
        {
          path: routePatterns.analysis,
          element: <AnalysisGuard />,
          children: [
            {
              element: <InvestorLayout />,
              children: [{ index: true, element: <AnalysisPage />, handle: titled('Analysis') }],
            },
          ],
        },
        { path: paths.dashboard, element: <DashboardRedirect /> },
        { path: `${paths.dashboard}/*`, element: <DashboardRedirect /> },
        { path: paths.userDashboard, element: <DashboardRedirect /> },
        { path: '*', element: <Navigate to={paths.landing} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
