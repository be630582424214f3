import { useId, type ReactNode } from 'react';
import './home.css';

interface HomeSectionProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** A link beside the heading, e.g. 'View All'. */
  action?: ReactNode;
  tone?: 'plain' | 'tint';
  className?: string;
  children: ReactNode;
}

/** One band of the home page: a named <section> with the shared heading layout. */
export function HomeSection({
  eyebrow,
  title,
  lead,
  action,
  tone = 'plain',
  className,
  children,
}: HomeSectionProps) {
  const titleId = useId();
  return (
    <section
      className={`home-section home-section-${tone} ${className ?? ''}`}
      aria-labelledby={titleId}
    >
      <div className="container">
        <div className="section-head">
          <div className="section-head-text">
            {eyebrow && <p className="section-eyebrow">{eyebrow}</p>}
            <h2 id={titleId}>{title}</h2>
            {lead && <p className="section-lead">{lead}</p>}
          </div>
          {action && <div className="section-head-action">{action}</div>}
        </div>
        {children}
      </div>
    </section>
  );
}
