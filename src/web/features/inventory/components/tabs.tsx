import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface Tab {
  id: string;
  label: string;
  panel: ReactNode;
}

interface TabsProps {
  tabs: Tab[];
  label: string;
  /** Controlled use: the chosen tab and what to do on a change. */
  value?: string;
  onChange?: (id: string) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs and choose them; only the chosen
 * tab is in the Tab order, and only its panel is in the page.
 */
export function Tabs({ tabs, label, value, onChange, className = '' }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(tabs[0]?.id ?? '');
  const current = value ?? own;
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  function choose(id: string, focus = false) {
    setOwn(id);
    onChange?.(id);
    if (focus) buttons.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === current);
    const last = tabs.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(tabs[(next + tabs.length) % tabs.length]!.id, true);
  }

  const active = tabs.find((t) => t.id === current) ?? tabs[0];
  return (
    <div className={`tabs ${className}`}>
      <div role="tablist" aria-label={label} className="tabs-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === active?.id;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) buttons.current.set(tab.id, el);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={selected ? `${baseId}-panel-${tab.id}` : undefined}
              tabIndex={selected ? 0 : -1}
              className="tabs-tab"
              onClick={() => choose(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          key={active.id}
          role="tabpanel"
          id={`${baseId}-panel-${active.id}`}
          aria-labelledby={`${baseId}-tab-${active.id}`}
          className="tabs-panel"
          tabIndex={0}
        >
          {active.panel}
        </div>
      )}
    </div>
  );
}
