import { Link } from 'react-router';
import { useCompany } from '../lib/company';
import { buttonClass } from './button-styles';

/** docs/product.md#the-not-found-page: the page's texts are fixed, word for word. */
export function NotFoundView({ path }: { path: string }) {
  const website = useCompany().data?.website;
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>Page not found · Glow at Home</title>
      <meta name="robots" content="noindex" />
      <p className="font-display text-7xl font-semibold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 font-display text-3xl font-semibold text-ink sm:text-4xl">
        Page not found: <span className="inline-block max-w-full break-all">{path}</span>
      </h1>
      <p className="mt-4 text-lg text-muted">
        It looks like the page that you are looking for doesn't exist
      </p>
      <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/?city=reset" className={buttonClass('primary', 'lg')}>
          Go to the booking system
        </Link>
        <a href={website} className={buttonClass('secondary', 'lg')}>
          Visit our main website
        </a>
      </div>
    </section>
  );
}
