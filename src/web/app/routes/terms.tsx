import { PageBanner } from '../../components/page-banner';
import { HelpAside } from '../../features/info/components/help-aside';
import { TermsTabs } from '../../features/info/components/terms-tabs';
import { usePageTitle } from '../../lib/use-page-title';

export default function TermsPage() {
  usePageTitle('Terms & Conditions');
  return (
    <>
      <PageBanner
        eyebrow="The fine print, in plain words"
        title="Terms & Conditions"
        lead="What we promise you and what we ask of you when you rent a car from CarLink Ghana, and how we look after your data."
      />
      <div className="container info-page">
        <div className="info-grid">
          <TermsTabs />
          <HelpAside title="Questions about the terms?" />
        </div>
      </div>
    </>
  );
}
