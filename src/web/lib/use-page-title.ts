import { useEffect } from 'react';

const SITE = 'CarLink Ghana';
export const HOME_TITLE = `${SITE} | Rent your perfect car`;

/** Sets document.title: 'Page | CarLink Ghana', or the home title (PAGE-1) without a page. */
export function usePageTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} | ${SITE}` : HOME_TITLE;
  }, [page]);
}
