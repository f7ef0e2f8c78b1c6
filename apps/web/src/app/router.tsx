import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths, routePatterns } from '@/config/paths';
import { verificationSuccessTarget } from '@/features/auth/role-home';
import { RouteErrorScreen } from './error-screen';
import { DashboardRedirect, RequireRole, SignedOutOnly } from './guards';
import {
  AnalysisPage,
  ForgotPasswordPage,
  FounderHomePage,
  FounderLayout,
  FounderMilestonePage,
  FounderMilestonesPage,
  FounderMyInvestorsPage,
  FounderPitchdecksPage,
  FounderSubmitPage,
  FounderTrendsPage,
  FounderViewPage,
  InvestorCompanyPage,
  InvestorHomePage,
  InvestorInfoPage,
  InvestorLayout,
  InvestorMilestonesPage,
  InvestorPitchDeckPage,
  InvestorSubpathPage,
  LandingPage,
  LoginPage,
  OAuthCallbackPage,
  SignupPage,
  VerificationPage,
} from './lazy-pages';
import { RootLayout } from './root-layout';

/** Child paths are written relative to their parent; the full URLs are those of config/paths.ts. */
const relative = (path: string, parent: string) => path.slice(parent.length + 1);

/**
 * The route table of spec §2. Guards are layout routes: RequireRole for the founder and investor
 * areas (and /analysis), SignedOutOnly for sign-in, sign-up, verification and the reset flow.
 */
export function createRoutes({ prefetch = true }: { prefetch?: boolean } = {}): RouteObject[] {
  return [
    {
      path: paths.landing,
      element: <RootLayout prefetch={prefetch} />,
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, element: <LandingPage /> },
        { path: paths.oauthCallback, element: <OAuthCallbackPage /> },
        {
          element: <SignedOutOnly redirectTo={() => verificationSuccessTarget()} />,
          children: [{ path: paths.verification, element: <VerificationPage /> }],
        },
        {
          element: <SignedOutOnly />,
          children: [
            { path: paths.login, element: <LoginPage accountRole="user" /> },
            { path: paths.loginInvestor, element: <LoginPage accountRole="investor" /> },
            { path: paths.signup, element: <SignupPage accountRole="user" /> },
            { path: paths.signupInvestor, element: <SignupPage accountRole="investor" /> },
            { path: paths.forgotPassword, element: <ForgotPasswordPage accountRole="user" /> },
            { path: paths.forgotPasswordInvestor, element: <ForgotPasswordPage accountRole="investor" /> },
          ],
        },
        {
          path: paths.founder.home,
          element: <RequireRole accountRole="user" />,
          children: [
            {
              element: <FounderLayout />,
              children: [
                { index: true, element: <FounderHomePage /> },
                { path: relative(paths.founder.pitchdecks, paths.founder.home), element: <FounderPitchdecksPage /> },
                { path: relative(paths.founder.myInvestors, paths.founder.home), element: <FounderMyInvestorsPage /> },
                { path: relative(paths.founder.milestones, paths.founder.home), element: <FounderMilestonesPage /> },
                {
                  path: relative(routePatterns.founderMilestone, paths.founder.home),
                  element: <FounderMilestonePage />,
                },
                { path: relative(paths.founder.trends, paths.founder.home), element: <FounderTrendsPage /> },
                { path: relative(paths.founder.submit, paths.founder.home), element: <FounderSubmitPage /> },
                { path: relative(routePatterns.founderView, paths.founder.home), element: <FounderViewPage /> },
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
                { index: true, element: <InvestorHomePage /> },
                { path: relative(paths.investor.milestones, paths.investor.home), element: <InvestorMilestonesPage /> },
                { path: relative(paths.investor.profile, paths.investor.home), element: <InvestorInfoPage /> },
                {
                  path: relative(routePatterns.investorCompany, paths.investor.home),
                  element: <InvestorCompanyPage />,
                },
                {
                  path: relative(routePatterns.investorPitchDeck, paths.investor.home),
                  element: <InvestorPitchDeckPage />,
                },
                // /investor/{subpath}/* belongs to the investor area (spec §2).
                { path: '*', element: <InvestorSubpathPage /> },
              ],
            },
          ],
        },
        {
          path: routePatterns.analysis,
          element: <RequireRole accountRole="investor" />,
          children: [{ element: <InvestorLayout />, children: [{ index: true, element: <AnalysisPage /> }] }],
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
