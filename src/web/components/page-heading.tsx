import type { ReactNode } from 'react';
import { BRAND_NAME } from '../lib/brand';

export function StepHeading({
  title,
  eyebrow,
  children,
}: {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-6 sm:mb-8">
      <title>{`${title} · ${BRAND_NAME}`}</title>
      {eyebrow && (
        <p className="text-sm font-semibold tracking-widest text-brand-800 uppercase">{eyebrow}</p>
      )}
      <h1 className="mt-1 font-display text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
      {children && <div className="mt-2 text-muted">{children}</div>}
    </header>
  );
}

export function LoadingBlock({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      <div aria-hidden="true" className="space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="h-24 animate-pulse rounded-2xl bg-white shadow-sm" />
        ))}
      </div>
    </div>
  );
}
