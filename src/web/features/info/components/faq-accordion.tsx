import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/icons';
import type { FaqSection } from '../faq-content';
import './faq-accordion.css';

interface FaqAccordionProps {
  sections: readonly FaqSection[];
  /** Section titles are h2 on the FAQ page; under another heading they can be h3. */
  headingLevel?: 'h2' | 'h3';
  /** The item open at first, if any. */
  initiallyOpen?: string;
}

/**
 * PAGE-12: one item open at a time across all sections; pressing the open one closes it.
 * Each question is a real button (aria-expanded) inside a heading, its answer a labelled
 * region, as the WAI-ARIA accordion pattern has it.
 */
export function FaqAccordion({ sections, headingLevel = 'h2', initiallyOpen }: FaqAccordionProps) {
  const baseId = useId();
  const [openId, setOpenId] = useState<string | null>(initiallyOpen ?? null);
  const SectionHeading = headingLevel;
  const ItemHeading = headingLevel === 'h2' ? 'h3' : 'h4';
  // A single section needs no title of its own: the page's heading says what it is.
  const titled = sections.length > 1;

  return (
    <div className="faq">
      {sections.map((section) => (
        <section
          key={section.id}
          className="faq-section"
          aria-labelledby={titled ? `${baseId}-${section.id}` : undefined}
          aria-label={titled ? undefined : section.title}
        >
          {titled && (
            <SectionHeading id={`${baseId}-${section.id}`} className="faq-section-title">
              {section.title}
            </SectionHeading>
          )}
          <div className="faq-items">
            {section.items.map((item) => {
              const key = `${section.id}/${item.id}`;
              const open = openId === key;
              const buttonId = `${baseId}-${section.id}-${item.id}-q`;
              const panelId = `${baseId}-${section.id}-${item.id}-a`;
              return (
                <div key={key} className={open ? 'faq-item is-open' : 'faq-item'}>
                  <ItemHeading className="faq-question">
                    <button
                      type="button"
                      id={buttonId}
                      aria-expanded={open}
                      aria-controls={panelId}
                      onClick={() => setOpenId(open ? null : key)}
                    >
                      <span>{item.question}</span>
                      <ChevronDownIcon size={20} className="faq-chevron" />
                    </button>
                  </ItemHeading>
                  <div
                    id={panelId}
                    role="region"
                    aria-labelledby={buttonId}
                    className="faq-answer"
                    hidden={!open}
                  >
                    {item.answer}
                  </div>
                </div>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
