import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../lib/router';

/**
 * A list's filters and page live in the URL: Back, a reload and a shared link all show the
 * same list. Changing a filter goes back to page 1.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of keys) out[key] = params.get(key) ?? '';
    return out;
  }, [keys, params]);
  const pageValue = Number(params.get('page'));
  const page = Number.isInteger(pageValue) && pageValue >= 1 ? pageValue : 1;

  const setFilters = useCallback(
    (next: Partial<Record<K, string>>) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next) as [K, string | undefined][]) {
            if (value) updated.set(key, value);
            else updated.delete(key);
          }
          updated.delete('page');
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (next: number) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );

  const clear = useCallback(() => setParams({}, { replace: true }), [setParams]);
  const active = keys.some((key) => values[key] !== '');

  return { values, page, setFilters, setPage, clear, active };
}
