import type { FastifyRequest } from 'fastify';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { unauthorized } from '../http/problem';

/**
 * Signed-in customers only. Run before the body is validated, so a signed-out visitor hears
 * "sign in" (401) rather than about their form.
 */
export function customerGuard(ctx: AppContext) {
  const customers = new WeakMap<FastifyRequest, CustomerProfile>();
  return {
    hook: async (request: FastifyRequest) => {
      const customer = await ctx.currentCustomer(request);
      if (!customer) throw unauthorized();
      customers.set(request, customer);
    },
    customerOf: (request: FastifyRequest): CustomerProfile => {
      const customer = customers.get(request);
      if (!customer) throw unauthorized();
      return customer;
    },
  };
}
