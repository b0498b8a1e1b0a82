import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressSchema, profileSchema } from '../../domain/account-forms';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { problemSchema } from '../http/openapi';
import { notFound } from '../http/problem';
import { findAddress, listAddresses } from './addresses';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { deleteAccount } from './delete-account';
import { getProfile } from './get-profile';
import { getWallet } from './get-wallet';
import { createAddress, deleteAddress, setDefaultAddress, updateAddress } from './save-address';
import { updateProfile } from './update-profile';

const profileView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  gender: z.string().nullable(),
  accountType: z.enum(['personal', 'business']),
  businessPayment: z.object({ arrangement: z.enum(['card', 'invoice']) }).nullable(),
  walletBalancePence: z.number().int(),
});
const addressView = z.object({
  id: z.string(),
  label: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
  instructions: z.string().nullable(),
  isDefault: z.boolean(),
});
const walletView = z.object({
  balancePence: z.number().int(),
  entries: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      amountPence: z.number().int(),
      description: z.string(),
      createdAt: z.string(),
    }),
  ),
});
const idParams = z.object({ id: z.uuid({ message: 'must be an address id' }) });
const errors = { 400: problemSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema };
const tags = ['me'];

/** The signed-in customer's own records. Every query is scoped by their id, so another's is a 404. */
export const meRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // 401 before the body is validated: a signed-out visitor hears "sign in", not about the form.
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);
    const me = (request: FastifyRequest) => guard.customerOf(request).id;

    app.get(
      '/api/me',
      { schema: { tags, summary: 'My profile', response: { 200: profileView, ...errors } } },
      async (request) => getProfile(ctx.db, me(request)),
    );

    app.patch(
      '/api/me',
      {
        schema: {
          tags,
          summary: 'Change my name, phone number or gender',
          body: profileSchema,
          response: { 200: profileView, ...errors },
        },
      },
      async (request) => updateProfile(ctx.db, me(request), request.body),
    );

    app.delete(
      '/api/me',
      {
        schema: {
          tags,
          summary: 'Delete my account (booking and payment records are kept as the law requires)',
          body: z
            .object({
              password: z.string().max(128).optional(),
              confirm: z.string().max(20).optional(),
            })
            .optional(),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteAccount(ctx.db, me(request), request.body ?? {}, ctx.now());
        await runProviderTasksNow(ctx, request.log);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/me/addresses',
      {
        schema: {
          tags,
          summary: 'My saved addresses, default first',
          response: { 200: z.object({ addresses: z.array(addressView) }), ...errors },
        },
      },
      async (request) => ({ addresses: await listAddresses(ctx.db, me(request)) }),
    );

    app.post(
      '/api/me/addresses',
      {
        schema: {
          tags,
          summary: 'Save an address',
          body: addressSchema,
          response: { 201: addressView, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createAddress(ctx.db, me(request), request.body)),
    );

    app.get(
      '/api/me/addresses/:id',
      {
        schema: {
          tags,
          summary: 'One of my addresses',
          params: idParams,
          response: { 200: addressView, ...errors },
        },
      },
      async (request) => {
        const found = await findAddress(ctx.db, me(request), request.params.id);
        if (!found) throw notFound('No such address.');
        return found;
      },
    );

    app.patch(
      '/api/me/addresses/:id',
      {
        schema: {
          tags,
          summary: 'Change one of my addresses',
          params: idParams,
          body: addressSchema,
          response: { 200: addressView, ...errors },
        },
      },
      async (request) => updateAddress(ctx.db, me(request), request.params.id, request.body),
    );

    app.post(
      '/api/me/addresses/:id/default',
      {
        schema: {
          tags,
          summary: 'Make this my default address',
          params: idParams,
          response: { 200: addressView, ...errors },
        },
      },
      async (request) => setDefaultAddress(ctx.db, me(request), request.params.id),
    );

    app.delete(
      '/api/me/addresses/:id',
      {
        schema: {
          tags,
          summary: 'Delete one of my addresses',
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteAddress(ctx.db, me(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/me/wallet',
      {
        schema: {
          tags,
          summary: 'My wallet: balance and credit entries',
          response: { 200: walletView, ...errors },
        },
      },
      async (request) => getWallet(ctx.db, me(request)),
    );
  };
