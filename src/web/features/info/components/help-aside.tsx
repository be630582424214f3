import { Link } from '../../../lib/router';
import { HeadsetIcon, PhoneIcon } from '../../../components/icons';
import { SUPPORT_PHONE } from '../../../components/layout/site-links';
import { paths } from '../../../config/paths';
import './info.css';

/** 'Still have questions?': the ways to reach a person, beside the FAQ and the terms. */
export function HelpAside({ title = 'Still have questions?' }: { title?: string }) {
  return (
    <aside className="card help-aside" aria-label="Get help">
      <span className="help-aside-icon" aria-hidden="true">
        <HeadsetIcon size={26} />
      </span>
      <h2>{title}</h2>
      <p className="muted">
        Our team in East Legon answers the phone and WhatsApp every day from 7 am to 9 pm.
      </p>
      <a className="btn btn-primary btn-block" href={`tel:${SUPPORT_PHONE.tel}`}>
        <PhoneIcon size={18} />
        {SUPPORT_PHONE.display}
      </a>
      <Link className="btn btn-outline btn-block" to={paths.contact.getHref()}>
        Send us a message
      </Link>
    </aside>
  );
}
