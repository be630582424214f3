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
  /**
   * 'pills' (default: a row of pills, two columns on a phone), 'underline' (a car's details,
   * the vehicle categories) or 'segmented' (two choices side by side: sign in or register).
   */
  look?: 'pills' | 'underline' | 'segmented';
  /** The tab shown first when the component keeps its own state. */
  initial?: Id;
  /** Controlled use: the chosen tab, and what to do when another is chosen. */
  selected?: Id;
  onSelect?: (id: Id) => void;
  /**
   * Only the chosen panel is in the page (a panel that fetches, or draws a map, does so only
   * when shown). Otherwise every panel stays mounted, hidden when not chosen, so what someone
   * typed on one tab is still there when they come back to it.
   */
  onlyChosenPanel?: boolean;
  /**
   * Whether a panel is a Tab stop of its own: yes when it starts with text (it can then be
   * reached and scrolled), no when it starts with a field (a form), which takes the focus.
   */
  focusablePanels?: boolean;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right (wrapping), Home and End move between
 * the tabs and show their panel; Tab then moves into the panel. Only the chosen tab is in the
 * Tab order.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  look = 'pills',
  initial,
  selected: controlled,
  onSelect,
  onlyChosenPanel = false,
  focusablePanels = true,
  className,
}: TabsProps<Id>) {
  const baseId = useId();
  const [own, setOwn] = useState<Id | undefined>(initial ?? tabs[0]?.id);
  const chosen = tabs.find((tab) => tab.id === (controlled ?? own)) ?? tabs[0];
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());

  const select = (id: Id, focus: boolean) => {
    setOwn(id);
    onSelect?.(id);
    if (focus) tabRefs.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === chosen?.id);
    const last = tabs.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[next]!.id, true);
  };

  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id: Id) => `${baseId}-panel-${id}`;
  const panels = onlyChosenPanel ? (chosen ? [chosen] : []) : tabs;

  return (
    <div className={['tabs', `tabs--${look}`, className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === chosen?.id;
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
              // A tab whose panel is not in the page controls nothing yet.
              aria-controls={!onlyChosenPanel || isSelected ? panelId(tab.id) : undefined}
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
      {panels.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== chosen?.id}
          tabIndex={focusablePanels ? 0 : undefined}
          className="tabpanel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
