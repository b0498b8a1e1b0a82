import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AccountType, CustomerProfile, Gender } from '../../domain/types';
import type { Auth } from './auth';

const GENDERS: readonly string[] = ['female', 'male', 'non-binary'];

/** The booking rules' view of whoever holds the request's session cookie. */
export function currentCustomerResolver(auth: Auth) {
  return async (request: FastifyRequest): Promise<CustomerProfile | null> => {
    if (!request.headers.cookie) return null;
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) return null;
    const u = found.user as typeof found.user & { accountType?: string; gender?: string | null };
    return {
      id: u.id,
      accountType: (u.accountType === 'business' ? 'business' : 'personal') as AccountType,
      gender: u.gender && GENDERS.includes(u.gender) ? (u.gender as Gender) : null,
    };
  };
}
