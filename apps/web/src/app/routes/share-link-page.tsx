import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { LinkViewer } from '@/features/links/components/link-viewer';

/**
 * /s/{slug}: a deck shared by link (links), open to anyone. Outside every guard: a visitor needs
 * no account, and someone signed in reads it as any visitor would.
 */
export function ShareLinkPage() {
  const { slug } = useParams();
  if (!slug) return <Navigate to={paths.landing} replace />;
  return <LinkViewer key={slug} slug={slug} signupHref={paths.signupInvestorAs} homeHref={paths.landing} />;
}
