import { Link } from '../../lib/router';
import { ArrowRightIcon } from '../../components/icons';
import { PageBanner } from '../../components/page-banner';
import { paths } from '../../config/paths';
import { AboutIntro, AboutValues } from '../../features/info/components/about-content';
import { FaqAccordion } from '../../features/info/components/faq-accordion';
import { faqSections } from '../../features/info/faq-content';
import { usePageTitle } from '../../lib/use-page-title';

/** About Us (PAGE-12): intro text and an FAQ accordion (the 'General' questions). */
export default function AboutPage() {
  usePageTitle('About Us');
  const general = faqSections.filter((section) => section.id === 'general');
  return (
    <>
      <PageBanner
        eyebrow="Who we are"
        title="About Us"
        lead="A Ghanaian car rental company: clean, inspected cars, fair prices in cedis and people who pick up the phone."
      />
      <AboutIntro />
      <AboutValues />
      <section className="info-section" aria-labelledby="about-faq-title">
        <div className="container">
          <div className="info-section-head">
            <div>
              <p className="info-eyebrow">Good to know</p>
              <h2 id="about-faq-title">Frequently asked questions</h2>
            </div>
            <Link to={paths.faq.getHref()} className="btn btn-outline">
              All questions
              <ArrowRightIcon size={18} />
            </Link>
          </div>
          <FaqAccordion sections={general} initiallyOpen="general/documents" />
        </div>
      </section>
    </>
  );
}
