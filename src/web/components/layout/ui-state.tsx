import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface UiState {
  filtersOpen: boolean;
  setFiltersOpen: (open: boolean) => void;
}

const UiContext = createContext<UiState | null>(null);

/** Page-wide UI state that the layout owns: the filter sidebar popup. */
export function UiStateProvider({ children }: { children: ReactNode }) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const value = useMemo(() => ({ filtersOpen, setFiltersOpen }), [filtersOpen]);
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUiState(): UiState {
  const value = useContext(UiContext);
  if (!value) throw new Error('useUiState outside UiStateProvider');
  return value;
}
