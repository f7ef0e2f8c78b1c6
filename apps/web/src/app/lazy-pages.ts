import { type ComponentType, createElement, lazy, useState } from 'react';
import { loadedPage, loadPage, type PageChunk, type PageModule } from './route-chunks';

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
  const LazyPage = lazy(() => loadPage(chunk).then((module) => ({ default: pick(module) })));
  // biome-ignore lint/correctness/noComponentHookFactories: runs once per page, at module level, as React.lazy does.
  function Page(props: Props) {
    // Chosen once per mount: swapping LazyPage for the loaded component later would remount the page.
    const [component] = useState<ComponentType<Props>>(() => {
      const module = loadedPage(chunk);
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
export const MentorMilestonesPage = lazyPage('milestones', (m) => m.MentorMilestonesPage);
export const MentorMilestonePage = lazyPage('milestones', (m) => m.MentorMilestonePage);
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
