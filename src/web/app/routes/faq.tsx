import { PageBanner } from '../../components/page-banner';
import { FaqAccordion } from '../../features/info/components/faq-accordion';
import { HelpAside } from '../../features/info/components/help-aside';
import { faqSections } from '../../features/info/faq-content';
import { usePageTitle } from '../../lib/use-page-title';

export default function FaqPage() {
  usePageTitle('FAQ');
  return (
    <>
      <PageBanner
        eyebrow="Help centre"
        title="Frequently Asked Questions"
        lead="Documents, payments, deposits and refunds: the answers renters ask us for most."
      />
      <div className="container info-page">
        <div className="info-grid">
          <FaqAccordion sections={faqSections} />
          <HelpAside />
        </div>
      </div>
    </>
  );
}
