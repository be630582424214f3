import type { ReactNode } from 'react';
import { HELP_DAYS } from '../../../config/company-facts';
import { HeadsetIcon, KeyIcon, ReceiptIcon, WrenchIcon } from '../../../components/icons';
import { HomeSection } from './home-section';
import './why-choose-us.css';

const POINTS: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Convenient Options',
    text: 'Self-drive or with a driver, for a day or a month. Pick up in East Legon or at the airport in Accra, or in Kumasi, or have the car brought to you in Accra.',
    icon: <KeyIcon size={26} />,
  },
  {
    title: 'Exceptional Service',
    text: `Our staff are on hand ${HELP_DAYS} by phone and WhatsApp, from the booking to the moment you hand back the keys.`,
    icon: <HeadsetIcon size={26} />,
  },
  {
    title: 'Transparent Pricing',
    text: 'One price per day in cedis, a refundable GH₵ 200 deposit and nothing hidden. You see the full total before you book.',
    icon: <ReceiptIcon size={26} />,
  },
  {
    title: 'Well-Maintained Vehicles',
    text: 'Every car is serviced on schedule, cleaned and checked (tyres, brakes, air-conditioning) before each rental.',
    icon: <WrenchIcon size={26} />,
  },
];

export function WhyChooseUs() {
  return (
    <HomeSection
      tone="tint"
      eyebrow="Why CarLink Ghana"
      title="Why Choose Us?"
      lead="Renting a car should be the easy part of your trip. Here is how we make sure it is."
    >
      <ul className="why-grid">
        {POINTS.map((point) => (
          <li key={point.title} className="why-card">
            <span className="why-icon">{point.icon}</span>
            <h3>{point.title}</h3>
            <p>{point.text}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
