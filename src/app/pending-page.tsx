import type { ReactNode } from 'react';

/** A page that is not built yet says what it will hold; it does not pretend to work. */
export function PendingPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="muted">Not available in this version yet. This page will hold: {children}</p>
    </div>
  );
}
