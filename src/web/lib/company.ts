import { useQuery } from '@tanstack/react-query';
import type { CompanyDetails } from '../../contract/company-details';
import { publicApiPaths } from '../../contract/public-api-paths';
import { api } from './api';

// Who runs the site comes from the server's configuration (COMPANY_*), not from the build, so one
// build serves any deployment and the footer, legal pages and emails always agree (decision 0042).

export type { CompanyDetails };
export { registrationLine, telHref } from '../../contract/company-details';

const companyKey = ['company'] as const;

/** Asked for by the footer on every page, so the legal pages rarely wait for it. */
export function useCompany() {
  return useQuery({
    queryKey: companyKey,
    queryFn: ({ signal }) =>
      api.get(publicApiPaths.company, {
        // The footer is on the first screen; the schema library is not (decision 0040).
        schema: import('../../contract/company').then((m) => m.companyDetailsSchema),
        signal,
      }),
    // Changed only by a redeploy, which reloads the page anyway.
    staleTime: Infinity,
  });
}
