import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { unauthorized } from '../http/problem';

/** The signed-in customer's id, or a 401 problem. Every /api/me route starts here. */
export async function requireCustomerId(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const customer = await ctx.currentCustomer(request);
  if (!customer) throw unauthorized();
  return customer.id;
}
