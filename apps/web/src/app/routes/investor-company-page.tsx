import { useParams } from 'react-router';
import { CompanyView } from '@/features/company/components/company-view';

/** /investor/company/:startupId: the company stock page (spec §2), keyed so another company starts afresh. */
export function InvestorCompanyPage() {
  const { startupId = '' } = useParams();
  return <CompanyView key={startupId} startupId={startupId} />;
}
