import { NavLink, Outlet } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { LEGAL_PAGES } from '../../components/legal-links';

export function LegalLayout() {
  return (
    <PageFrame>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 md:grid-cols-[14rem_1fr] md:py-16">
        <nav aria-label="Legal pages" className="min-w-0 md:sticky md:top-24 md:self-start">
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:gap-1 md:px-0">
            {LEGAL_PAGES.map((page) => (
              <li key={page.to} className="shrink-0">
                <NavLink
                  to={page.to}
                  className={({ isActive }) =>
                    `block rounded-full px-4 py-2 text-sm font-medium transition-colors md:rounded-xl ${
                      isActive
                        ? 'bg-brand-700 text-white'
                        : 'border border-brand-100 bg-white text-brand-900 hover:bg-brand-50 md:border-transparent md:bg-transparent'
                    }`
                  }
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <article className="legal-prose min-w-0 rounded-3xl bg-white p-5 shadow-sm sm:p-10">
          <Outlet />
        </article>
      </div>
    </PageFrame>
  );
}
