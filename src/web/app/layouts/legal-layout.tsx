import { Outlet } from 'react-router';
import { PageFrame } from '../page-frame';
import { LEGAL_PAGES } from '../../components/legal-links';
import { SectionNav } from '../../components/section-nav';

export function LegalLayout() {
  return (
    <PageFrame>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 md:grid-cols-[14rem_1fr] md:py-16">
        <SectionNav label="Legal pages" pages={LEGAL_PAGES} />
        <article className="legal-prose min-w-0 rounded-3xl bg-white p-5 shadow-sm sm:p-10">
          <Outlet />
        </article>
      </div>
    </PageFrame>
  );
}
