import type { ReactNode } from 'react';
import './auth-card.css';

/**
 * One centred card on the sign-in page's green wash: the frame of the password recovery pages,
 * so they read as part of signing in.
 */
export function AuthCard({
  headingId,
  heading,
  lead,
  children,
}: {
  headingId: string;
  heading: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="auth-card-page">
      <div className="container">
        <section className="auth-card card" aria-labelledby={headingId}>
          <header className="auth-card-intro">
            <h1 id={headingId}>{heading}</h1>
            <p className="muted">{lead}</p>
          </header>
          {children}
        </section>
      </div>
    </div>
  );
}
