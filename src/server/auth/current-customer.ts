import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AccountType, CustomerProfile, Gender } from '../../domain/types';
import type { Auth } from './auth';
import type { SessionCache } from './session-cache';

const GENDERS: readonly string[] = ['female', 'male', 'non-binary'];

/** The booking rules' view of whoever holds the request's session cookie. */
export function currentCustomerResolver(auth: Auth, cache: SessionCache) {
  return async (request: FastifyRequest): Promise<CustomerProfile | null> => {
    const cookie = request.headers.cookie;
    if (!cookie) return null;
    const cached = cache.get(cookie);
    if (cached) return cached;
    const keep = cache.begin(cookie);
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) return null;
    const u = found.user as typeof found.user & { accountType?: string; gender?: string | null };
    const customer: CustomerProfile = {
      id: u.id,
      accountType: (u.accountType === 'business' ? 'business' : 'personal') as AccountType,
      gender: u.gender && GENDERS.includes(u.gender) ? (u.gender as Gender) : null,
    };
    keep(customer, new Date(found.session.expiresAt).getTime());
    return customer;
  };
}
