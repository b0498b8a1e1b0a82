import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

interface SectionNavProps {
  label: string;
  pages: readonly { to: string; label: string; end?: boolean }[];
  /** Shown above the list on wider screens only, where the list stands as a column. */
  heading?: ReactNode;
}

/**
 * The sub-navigation of a group of pages: a grid of pills on phones, every one in view (a row that
 * scrolled sideways hid the last page off the screen's edge), a column beside the content from md
 * up.
 */
export function SectionNav({ label, pages, heading }: SectionNavProps) {
  return (
    <nav aria-label={label} className="min-w-0 md:sticky md:top-24 md:self-start">
      {heading && (
        <p className="mb-3 hidden text-xs font-semibold tracking-widest text-muted uppercase md:block">
          {heading}
        </p>
      )}
      <ul className="grid grid-cols-2 gap-2 md:flex md:flex-col md:gap-1">
        {pages.map((page) => (
          <li key={page.to}>
            <NavLink
              to={page.to}
              end={page.end}
              className={({ isActive }) =>
                `block rounded-full px-4 py-2 text-center text-sm font-medium transition-colors md:rounded-xl md:text-left ${
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
  );
}
