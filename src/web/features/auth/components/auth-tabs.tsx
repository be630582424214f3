import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './auth-tabs.css';

export interface AuthTab<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

interface AuthTabsProps<Id extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly AuthTab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs and
 * show their panel; Tab then goes into the panel. Every panel stays mounted (hidden when not
 * selected), so what someone typed on one tab is still there when they come back to it.
 */
export function AuthTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: AuthTabsProps<Id>) {
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  return (
    <div className="auth-tabs">
      <div role="tablist" aria-label={label} className="auth-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`auth-tab-${tab.id}`}
              aria-controls={`auth-panel-${tab.id}`}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              className="auth-tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`auth-panel-${tab.id}`}
          aria-labelledby={`auth-tab-${tab.id}`}
          hidden={tab.id !== selected}
          className="auth-tabpanel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
