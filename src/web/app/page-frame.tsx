import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../lib/focus';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from './site-header';

export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      {/* At least a screen tall (less the header): the footer starts below the fold and stays
          there while the page's data loads, instead of jumping down when it arrives. */}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none"
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
