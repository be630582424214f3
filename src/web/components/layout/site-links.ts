import { paths } from '../../config/paths';

/** The menu (PAGE-3). `auth`: shown only when signed in (true) or signed out (false). */
export const mainMenu: { href: string; label: string; auth?: boolean }[] = [
  { href: paths.home.getHref(), label: 'Home' },
  { href: paths.availableCars.getHref(), label: 'Cars' },
  { href: paths.bookingHistory.getHref(), label: 'History', auth: true },
  { href: paths.about.getHref(), label: 'About' },
  { href: paths.faq.getHref(), label: 'FAQ' },
  { href: paths.contact.getHref(), label: 'Contact' },
  { href: paths.profile.getHref(), label: 'Profile', auth: true },
];

export const SUPPORT_PHONE = { display: '+233 30 290 0100', tel: '+233302900100' };

export const inventoryMakes = ['Audi', 'BMW', 'Ford', 'Honda', 'Land Rover', 'Mercedes-Benz'];
export const inventoryBodyTypes = [
  { label: 'Sedan', value: 'sedan' },
  { label: 'SUVs', value: 'suv' },
  { label: 'Sport Coupe', value: 'coupe' },
  { label: 'Convertible', value: 'convertible' },
  { label: 'Wagon', value: 'wagon' },
];
