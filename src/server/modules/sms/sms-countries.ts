import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * The countries whose numbers may register or be texted (LIMIT-16, `SMS_COUNTRIES`): codes
 * and texts to other countries cost the company and serve nobody it rents cars to.
 */

/** The ISO country of a stored number (E.164 digits, no '+'), or null if it has none. */
export function countryOfMsisdn(msisdn: string): string | null {
  return parsePhoneNumberFromString(`+${msisdn}`)?.country ?? null;
}

export function isSmsCountry(msisdn: string, countries: readonly string[]): boolean {
  const country = countryOfMsisdn(msisdn);
  return country !== null && countries.includes(country);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'Ghana', 'Ghana and Togo', 'Ghana, Togo and Nigeria'. */
export function countryNames(countries: readonly string[]): string {
  const names = countries.map((c) => regionNames.of(c) ?? c);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The field message for a number outside the list. */
export const outsideSmsCountries = (countries: readonly string[]) =>
  `We can only send text messages to numbers in ${countryNames(countries)}.`;
