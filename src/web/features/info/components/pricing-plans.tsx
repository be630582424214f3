import { Link } from '../../../lib/router';
import { CheckIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import './info.css';
import './pricing.css';

/** 'Membership Plans' (PAGE-11): four monthly plans, each with the same six features. */
const plans = [
  { name: 'Basic', price: 29, blurb: 'One car, listed for a month.' },
  { name: 'Standard', price: 49, blurb: 'The choice of most private owners.', featured: true },
  { name: 'Extended', price: 89, blurb: 'For owners who rent out often.' },
  { name: 'Enterprise', price: 129, blurb: 'For dealers and fleet companies.' },
] as const;

const features = [
  '1 Listing',
  '30 Days Visibility',
  'Highlighted in Search Results',
  '4 Revisions',
  '9 days Delivery Time',
  'Products Support',
];

export function PricingPlans() {
  return (
    <ul className="pricing-plans">
      {plans.map((plan) => {
        const titleId = `plan-${plan.name.toLowerCase()}`;
        const featured = 'featured' in plan && plan.featured;
        return (
          <li key={plan.name}>
            <article
              className={featured ? 'card plan is-featured' : 'card plan'}
              aria-labelledby={titleId}
            >
              {featured && <p className="plan-flag">Most popular</p>}
              <h2 id={titleId} className="plan-name">
                {plan.name}
              </h2>
              <p className="plan-blurb">{plan.blurb}</p>
              <p className="plan-price">
                <strong>${plan.price}</strong>
                <span>/ month</span>
              </p>
              <ul className="plan-features" aria-label={`${plan.name} plan includes`}>
                {features.map((feature) => (
                  <li key={feature}>
                    <CheckIcon size={18} />
                    {feature}
                  </li>
                ))}
              </ul>
              {/* The first version's 'Buy Now' went nowhere; here it starts a message to our team. */}
              <Link
                to={paths.contact.getHref(
                  `I would like the ${plan.name} membership plan ($${plan.price} a month).`,
                )}
                className={featured ? 'btn btn-accent btn-block' : 'btn btn-primary btn-block'}
                aria-label={`Buy Now: ${plan.name} plan, $${plan.price} a month`}
              >
                Buy Now
              </Link>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
