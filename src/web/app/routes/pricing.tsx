import { Link } from '../../lib/router';
import { PageBanner } from '../../components/page-banner';
import { paths } from '../../config/paths';
import { PricingPlans } from '../../features/info/components/pricing-plans';
import { usePageTitle } from '../../lib/use-page-title';

export default function PricingPage() {
  usePageTitle('Membership Plans');
  return (
    <>
      <PageBanner
        eyebrow="For car owners and dealers"
        title="Membership Plans"
        lead="List your car with CarLink Ghana and reach renters across the country. Simple monthly plans, cancel any time."
      />
      <div className="container info-page">
        <PricingPlans />
        <p className="pricing-note muted">
          Prices in US dollars per month; you can pay the cedi equivalent by mobile money.{' '}
          <Link to={paths.contact.getHref()}>Questions about a plan?</Link>
        </p>
      </div>
    </>
  );
}
