import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../lib/focus';
import { SiteFooter } from '../components/site-footer';
import { SkipLink } from '../components/skip-link';
import { SiteHeader } from './site-header';

export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
