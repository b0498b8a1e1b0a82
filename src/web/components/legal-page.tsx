import type { ReactNode } from 'react';
import { BRAND_NAME } from '../lib/brand';
import { registrationLine, useCompany } from '../lib/company';
import { CompanyEmailLink, CompanyPhoneLink } from './company-text';
import { ErrorPanel } from './error-panel';

interface LegalPageProps {
  title: string;
  updated: string;
  summary: ReactNode;
  children: ReactNode;
}

/**
 * Heading, date and plain-English summary shared by the legal pages, and who "we" are at the end.
 * The text names the company, so it waits for the company's details rather than show a sentence
 * with a hole in it.
 */
export function LegalPage({ title, updated, summary, children }: LegalPageProps) {
  const company = useCompany();
  return (
    <>
      <title>{`${title} · ${BRAND_NAME}`}</title>
      <h1>{title}</h1>
      <p className="text-sm text-muted">Last updated {updated}</p>
      <div className="not-prose mt-6 rounded-2xl bg-brand-50 p-5 text-brand-950">
        <p className="text-xs font-semibold tracking-widest text-brand-800 uppercase">In short</p>
        <div className="mt-2 text-sm leading-relaxed">{summary}</div>
      </div>
      {company.data ? (
        <>
          {children}
          <h2>Contact us</h2>
          <p>
            {company.data.name}. {registrationLine(company.data)}
          </p>
          <p>
            Email <CompanyEmailLink /> or call <CompanyPhoneLink />.
          </p>
        </>
      ) : company.isError ? (
        <div className="not-prose mt-8">
          <ErrorPanel
            title="This page could not be loaded"
            error={company.error}
            onRetry={() => void company.refetch()}
            retrying={company.isFetching}
          />
        </div>
      ) : (
        // Room for the text while the details load, so the footer stays below the fold.
        <div className="min-h-[100svh]" role="progressbar" aria-label="Loading" />
      )}
    </>
  );
}
