import { useSearchParams } from '../../lib/router';
import { PageBanner } from '../../components/page-banner';
import { ContactDetails } from '../../features/info/components/contact-details';
import { ContactForm } from '../../features/info/components/contact-form';
import { usePageTitle } from '../../lib/use-page-title';

export default function ContactPage() {
  usePageTitle('Contact Us');
  // A pricing plan's 'Buy Now' arrives with the plan as the subject of the message.
  const subject = useSearchParams()[0].get('subject')?.slice(0, 120) || undefined;
  return (
    <>
      <PageBanner
        eyebrow="We are here to help"
        title="Contact Us"
        lead="A question about a car, a long rental or a booking you already have: write to us and we will get back to you."
      />
      <div className="container info-page">
        <div className="contact-layout">
          <section className="card contact-card" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title">Send us a message</h2>
            <p className="muted">
              All fields are required. We answer within one working day, usually much sooner.
            </p>
            <ContactForm subject={subject} />
          </section>
          <ContactDetails />
        </div>
      </div>
    </>
  );
}
