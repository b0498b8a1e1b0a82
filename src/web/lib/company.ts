import { useQuery } from '@tanstack/react-query';
import { companyDetailsSchema, type CompanyDetails } from '../../contract/company';
import { api } from './api';

// Who runs the site comes from the server's configuration (COMPANY_*), not from the build, so one
// build serves any deployment and the footer, legal pages and emails always agree.

export type { CompanyDetails };
export { registrationLine, telHref } from '../../contract/company';

const companyKey = ['company'] as const;

const companyQuery = {
  queryKey: companyKey,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get('/api/company', { schema: companyDetailsSchema, signal }),
  // Changed only by a redeploy, which reloads the page anyway.
  staleTime: Infinity,
};

/** Asked for by the footer on every page, so the legal pages rarely wait for it. */
export function useCompany() {
  return useQuery(companyQuery);
}
