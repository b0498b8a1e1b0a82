import { Link } from 'react-router';
import { BRAND_NAME } from '../lib/brand';
import { registrationLine, telHref, useCompany } from '../lib/company';
import { LogoMark } from './icons';
import { LEGAL_PAGES } from './legal-links';

const linkClass =
  'rounded text-brand-100 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white';

export function SiteFooter() {
  const company = useCompany().data;
  return (
    <footer className="mt-auto bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 max-w-sm lg:col-span-1">
          <div className="flex items-center gap-2.5 text-brand-400">
            <LogoMark className="h-8 w-8" />
            <span className="font-display text-xl font-semibold text-white">{BRAND_NAME}</span>
          </div>
          <p className="mt-4 text-sm leading-relaxed">
            Massage, facials, nails and more from vetted, insured therapists who bring everything
            they need to your door.
          </p>
        </div>
        <nav aria-label="Legal">
          <h2 className="text-xs font-semibold tracking-widest text-white uppercase">Legal</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {LEGAL_PAGES.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="More">
          <h2 className="text-xs font-semibold tracking-widest text-white uppercase">More</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link to="/?city=reset" className={linkClass}>
                Choose your city
              </Link>
            </li>
            <li>
              <Link to="/professionals" className={linkClass}>
                Our professionals
              </Link>
            </li>
            <li>
              <Link to="/gift-cards" className={linkClass}>
                Gift cards
              </Link>
            </li>
            {company && (
              <li>
                <a href={company.website} className={linkClass}>
                  Our main website
                </a>
              </li>
            )}
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-xs font-semibold tracking-widest text-white uppercase">Contact us</h2>
          {/* Two lines' room kept while the details load, so nothing below them moves. */}
          <ul className="mt-4 min-h-14 space-y-3 text-sm">
            {company && (
              <>
                <li>
                  <a href={`mailto:${company.email}`} className={`${linkClass} break-all`}>
                    {company.email}
                  </a>
                </li>
                <li>
                  <a href={telHref(company.phone)} className={linkClass}>
                    {company.phone}
                  </a>
                </li>
              </>
            )}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto min-h-20 max-w-6xl space-y-1 px-4 py-5 text-xs text-brand-200 sm:px-6">
          {company && (
            <>
              <p>
                © {new Date().getFullYear()} {company.name}. Prices include VAT where it applies.
              </p>
              <p>{registrationLine(company)}</p>
            </>
          )}
        </div>
      </div>
    </footer>
  );
}
