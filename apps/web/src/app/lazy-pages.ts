import { lazy } from 'react';

/**
 * Every route page is its own chunk, loaded on first visit and prefetched when the browser is
 * idle (prefetch.ts), so the first load carries only the shell, the store and the router.
 */
const loaders = {
  landing: () => import('./routes/landing-page'),
  oauthCallback: () => import('./routes/oauth-callback-page'),
  verification: () => import('./routes/verification-page'),
  login: () => import('./routes/login-page'),
  signup: () => import('./routes/signup-page'),
  forgotPassword: () => import('./routes/forgot-password-page'),
  founderLayout: () => import('./routes/founder-layout'),
  founderHome: () => import('./routes/founder-home-page'),
  founderSections: () => import('./routes/founder-sections'),
  founderPitchdecks: () => import('./routes/founder-pitchdecks-page'),
  founderMyInvestors: () => import('./routes/founder-my-investors-page'),
  founderSubmit: () => import('./routes/founder-submit-page'),
  founderView: () => import('./routes/founder-view-page'),
  investorLayout: () => import('./routes/investor-layout'),
  investorHome: () => import('./routes/investor-home-page'),
  investorInfo: () => import('./routes/investor-info-page'),
  investorPitchDeck: () => import('./routes/investor-pitch-deck-page'),
  investorSections: () => import('./routes/investor-sections'),
  milestones: () => import('./routes/milestone-pages'),
};

export const LandingPage = lazy(() => loaders.landing().then((m) => ({ default: m.LandingPage })));
export const OAuthCallbackPage = lazy(() => loaders.oauthCallback().then((m) => ({ default: m.OAuthCallbackPage })));
export const VerificationPage = lazy(() => loaders.verification().then((m) => ({ default: m.VerificationPage })));
export const LoginPage = lazy(() => loaders.login().then((m) => ({ default: m.LoginPage })));
export const SignupPage = lazy(() => loaders.signup().then((m) => ({ default: m.SignupPage })));
export const ForgotPasswordPage = lazy(() => loaders.forgotPassword().then((m) => ({ default: m.ForgotPasswordPage })));

export const FounderLayout = lazy(() => loaders.founderLayout().then((m) => ({ default: m.FounderLayout })));
export const FounderHomePage = lazy(() => loaders.founderHome().then((m) => ({ default: m.FounderHomePage })));
export const FounderPitchdecksPage = lazy(() =>
  loaders.founderPitchdecks().then((m) => ({ default: m.FounderPitchdecksPage })),
);
export const FounderMyInvestorsPage = lazy(() =>
  loaders.founderMyInvestors().then((m) => ({ default: m.FounderMyInvestorsPage })),
);
export const FounderMilestonesPage = lazy(() =>
  loaders.milestones().then((m) => ({ default: m.FounderMilestonesPage })),
);
export const FounderMilestonePage = lazy(() => loaders.milestones().then((m) => ({ default: m.FounderMilestonePage })));
export const FounderTrendsPage = lazy(() => loaders.founderSections().then((m) => ({ default: m.FounderTrendsPage })));
export const FounderSubmitPage = lazy(() => loaders.founderSubmit().then((m) => ({ default: m.FounderSubmitPage })));
export const FounderViewPage = lazy(() => loaders.founderView().then((m) => ({ default: m.FounderViewPage })));

export const InvestorLayout = lazy(() => loaders.investorLayout().then((m) => ({ default: m.InvestorLayout })));
export const InvestorHomePage = lazy(() => loaders.investorHome().then((m) => ({ default: m.InvestorHomePage })));
export const InvestorInfoPage = lazy(() => loaders.investorInfo().then((m) => ({ default: m.InvestorInfoPage })));
export const InvestorPitchDeckPage = lazy(() =>
  loaders.investorPitchDeck().then((m) => ({ default: m.InvestorPitchDeckPage })),
);
export const InvestorMilestonesPage = lazy(() =>
  loaders.milestones().then((m) => ({ default: m.InvestorMilestonesPage })),
);
export const InvestorMilestonePage = lazy(() =>
  loaders.milestones().then((m) => ({ default: m.InvestorMilestonePage })),
);
export const InvestorCompanyPage = lazy(() =>
  loaders.investorSections().then((m) => ({ default: m.InvestorCompanyPage })),
);
export const InvestorSubpathPage = lazy(() =>
  loaders.investorSections().then((m) => ({ default: m.InvestorSubpathPage })),
);
export const AnalysisPage = lazy(() => loaders.investorSections().then((m) => ({ default: m.AnalysisPage })));

/** Starts loading every page chunk; failures are left for the visit itself to report. */
export function prefetchPages(): Promise<unknown> {
  return Promise.allSettled(Object.values(loaders).map((load) => load()));
}
