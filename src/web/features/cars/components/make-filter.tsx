import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { BrandCount } from '../../../../shared/schemas/cars';
import { CheckIcon, ChevronDownIcon } from '../../../components/icons';
import './make-filter.css';

export const ANY_MAKES = 'Any Makes';

interface MakeFilterProps {
  /** The make in the URL (any case), or null for all. */
  value: string | null;
  makes: readonly BrandCount[];
  onChange: (make: string | null) => void;
}

/**
 * CAT-8: a dropdown that opens and closes on click and closes on an outside click (and on
 * Escape). A disclosure: a button with aria-expanded and a list of option buttons; arrow keys
 * move between the options.
 */
export function MakeFilter({ value, makes, onChange }: MakeFilterProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const selected = value
    ? (makes.find((m) => m.name.toLowerCase() === value.toLowerCase())?.name ?? value)
    : null;
  const options: { label: string; value: string | null; count?: number }[] = [
    { label: ANY_MAKES, value: null },
    ...makes.map((m) => ({ label: m.name, value: m.name, count: m.count })),
  ];
  // A make in the URL that the fleet does not have still shows as chosen (and finds nothing).
  if (selected && !makes.some((m) => m.name === selected))
    options.push({ label: selected, value: selected });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function optionButtons() {
    return Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
  }

  function focusOption(which: 'selected' | 'first' | 'last') {
    // The list renders on the next frame after opening.
    requestAnimationFrame(() => {
      const buttons = optionButtons();
      const target =
        which === 'first'
          ? buttons[0]
          : which === 'last'
            ? buttons.at(-1)
            : (buttons.find((b) => b.getAttribute('aria-current') === 'true') ?? buttons[0]);
      target?.focus();
    });
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function choose(make: string | null) {
    close(true);
    if ((make ?? null) !== (selected ?? null)) onChange(make);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      focusOption(event.key === 'ArrowDown' ? 'selected' : 'last');
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const buttons = optionButtons();
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next: HTMLButtonElement | undefined;
    if (event.key === 'ArrowDown') next = buttons[Math.min(index + 1, buttons.length - 1)];
    else if (event.key === 'ArrowUp') next = buttons[Math.max(index - 1, 0)];
    else if (event.key === 'Home') next = buttons[0];
    else if (event.key === 'End') next = buttons.at(-1);
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  return (
    <div
      className="make-filter"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <span className="filter-label" id={`${id}-label`}>
        Make
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="make-filter-button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onButtonKeyDown}
      >
        <span id={`${id}-value`}>{selected ?? ANY_MAKES}</span>
        <ChevronDownIcon size={18} className="make-filter-chevron" />
      </button>
      <ul
        className="make-filter-list"
        id={`${id}-list`}
        ref={listRef}
        hidden={!open}
        onKeyDown={onListKeyDown}
      >
        {options.map((option) => {
          const current = (option.value ?? null) === (selected ?? null);
          return (
            <li key={option.label}>
              <button
                type="button"
                aria-current={current ? 'true' : undefined}
                onClick={() => choose(option.value)}
              >
                <span className="make-filter-check">{current && <CheckIcon size={16} />}</span>
                <span className="make-filter-name">{option.label}</span>
                {option.count !== undefined && (
                  <span className="make-filter-count">
                    {option.count}
                    <span className="visually-hidden"> {option.count === 1 ? 'car' : 'cars'}</span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
