import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

interface TabsProps<Id extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem<Id>[];
  /** The tab shown first; the component then keeps its own state. */
  initial?: Id;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right (wrapping), Home and End move between
 * the tabs and show their panel; Tab then moves into the panel. Only the selected tab is in
 * the tab order. On a narrow screen the list scrolls sideways instead of wrapping.
 */
export function Tabs<Id extends string>({ label, tabs, initial, className }: TabsProps<Id>) {
  const baseId = useId();
  const [selected, setSelected] = useState<Id>(initial ?? tabs[0]!.id);
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());

  const select = (id: Id, focus: boolean) => {
    setSelected(id);
    if (focus) tabRefs.current.get(id)?.focus();
  };

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
    select(tabs[next]!.id, true);
  };

  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id: Id) => `${baseId}-panel-${id}`;

  return (
    <div className={className ? `tabs ${className}` : 'tabs'}>
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
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
              id={tabId(tab.id)}
              aria-controls={panelId(tab.id)}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              className="tab"
              onClick={() => select(tab.id, false)}
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
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="tabpanel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
