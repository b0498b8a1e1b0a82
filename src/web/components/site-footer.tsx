import { Link } from 'react-router';
import { BRAND_NAME, COMPANY_NAME, MAIN_WEBSITE_URL } from '../lib/brand';
import { LogoMark } from './icons';
import { LEGAL_PAGES } from './legal-links';

const linkClass =
  'rounded text-brand-100 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white';

export function SiteFooter() {
  return (
    <footer className="mt-auto bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="max-w-sm">
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
            <li>
              <a href={MAIN_WEBSITE_URL} className={linkClass}>
                Our main website
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-brand-200 sm:px-6">
          © {new Date().getFullYear()} {COMPANY_NAME}. Prices include VAT where it applies.
        </p>
      </div>
    </footer>
  );
}
