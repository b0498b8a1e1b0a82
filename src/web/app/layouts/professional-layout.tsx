import { Link, Outlet, useMatch } from 'react-router';
import { ArrowLeftIcon } from '../../components/icons';
import { PageFrame } from '../page-frame';

/**
 * The professional layout (docs/product.md#pages): the public pages about our therapists. A profile
 * gets a way back to everyone else; the list itself needs none.
 */
export function ProfessionalLayout() {
  const onProfile = useMatch('/professionals/:username') !== null;
  return (
    <PageFrame>
      <div className="bg-gradient-to-b from-brand-100 via-brand-50 to-blush">
        <div className="mx-auto max-w-5xl px-4 pt-4 pb-16 sm:px-6 sm:pt-8">
          {onProfile && (
            <nav aria-label="Professionals" className="mb-2">
              <Link
                to="/professionals"
                className="-ml-1 flex min-h-11 w-fit items-center gap-2 rounded-full px-1 pr-3 text-sm font-semibold text-brand-800 hover:text-brand-950"
              >
                <ArrowLeftIcon className="h-4 w-4" />
                All professionals
              </Link>
            </nav>
          )}
          <Outlet />
        </div>
      </div>
    </PageFrame>
  );
}
