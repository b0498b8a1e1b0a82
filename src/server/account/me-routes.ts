import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '../../contract/common';
import {
  addressBody,
  addressesAnswer,
  addressParams,
  deleteAccountBody,
  profileViewSchema,
  savedAddressSchema,
  updateProfileBody,
} from '../../contract/me';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { notFound } from '../http/problem';
import { findAddress, listAddresses } from './addresses';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { purgeDeletedPhotos } from '../booking-media/purge-booking-photos';
import { deleteAccount } from './delete-account';
import { getProfile } from './get-profile';
import { createAddress, deleteAddress, setDefaultAddress, updateAddress } from './save-address';
import { updateProfile } from './update-profile';

// Any /api/me call can find the session's customer record gone (404,
// docs/product.md#sign-in-messages) or a form invalid.
const errors = problemResponses(400, 401, 404, 409);
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
      { schema: { tags, summary: 'My profile', response: { 200: profileViewSchema, ...errors } } },
      async (request) => getProfile(ctx.db, me(request)),
    );

    app.patch(
      '/api/me',
      {
        schema: {
          tags,
          summary: 'Change my name, phone number or gender',
          body: updateProfileBody,
          response: { 200: profileViewSchema, ...errors },
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
          body: deleteAccountBody,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await deleteAccount(ctx.db, me(request), request.body ?? {}, ctx.now(), ctx.passwordHasher);
        await runProviderTasksNow(ctx, request.log);
        // Their photos' objects, marked by the erasure: what fails here, the expiry job retries.
        await purgeDeletedPhotos(ctx, request.log).catch((err: unknown) =>
          request.log.warn({ err }, 'erased photos not deleted yet; the expiry job retries'),
        );
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/me/addresses',
      {
        schema: {
          tags,
          summary: 'My saved addresses, default first',
          response: { 200: addressesAnswer, ...errors },
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
          body: addressBody,
          response: { 201: savedAddressSchema, ...errors },
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
          params: addressParams,
          response: { 200: savedAddressSchema, ...errors },
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
          params: addressParams,
          body: addressBody,
          response: { 200: savedAddressSchema, ...errors },
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
          params: addressParams,
          response: { 200: savedAddressSchema, ...errors },
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
          params: addressParams,
          response: { 204: noContent, ...errors },
        },
      },
      async (request, reply) => {
        await deleteAddress(ctx.db, me(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
