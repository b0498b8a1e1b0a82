import type { ReactNode } from 'react';
import { BRAND_NAME } from '../lib/brand';

interface LegalPageProps {
  title: string;
  updated: string;
  summary: ReactNode;
  children: ReactNode;
}

/** Heading, date and plain-English summary shared by the legal pages. */
export function LegalPage({ title, updated, summary, children }: LegalPageProps) {
  return (
    <>
      <title>{`${title} · ${BRAND_NAME}`}</title>
      <h1>{title}</h1>
      <p className="text-sm text-muted">Last updated {updated}</p>
      <div className="not-prose mt-6 rounded-2xl bg-brand-50 p-5 text-brand-950">
        <p className="text-xs font-semibold tracking-widest text-brand-800 uppercase">In short</p>
        <div className="mt-2 text-sm leading-relaxed">{summary}</div>
      </div>
      {children}
    </>
  );
}
