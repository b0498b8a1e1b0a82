import {
  setBusinessPayment,
  type BusinessPaymentView,
  type PaymentArrangement,
} from '../server/account/set-business-payment';
import { setUserRoles, type RoleFlags, type UserRoles } from '../server/account/set-user-roles';
import type { ZodType, output } from 'zod';
import { catalogueDocumentSchema, type CatalogueDocument } from '../contract/catalogue-document';
import {
  businessPaymentSchema,
  catalogueImportAnswer,
  userRolesSchema,
} from '../contract/internal';
import { exportCatalogue } from '../server/catalogue/export-catalogue';
import { importCatalogue, type ImportResult } from '../server/catalogue/import-catalogue';
import type { Db } from '../server/db/client';
import { HttpProblem, type ProblemBody } from '../server/http/problem';
import {
  bookingCaseSchema,
  bookingListAnswer,
  cancelForCompanyAnswer,
  type BookingCase,
  type BookingListAnswer,
  type BookingRecord,
  type CancelForCompanyAnswer,
  type CancelForCompanyOrder,
} from '../contract/booking-records';
import type { AppConfig } from '../server/config';
import { cancelBookingForCompany } from '../server/booking/cancel-booking-for-company';
import { findBookingId } from '../server/booking-records/find-booking-id';
import { listBookingRecords } from '../server/booking-records/list-booking-records';
import { loadBookingCase } from '../server/booking-records/load-booking-case';
import { commandContext } from './command-context';
import { therapistCalendarUrl } from '../server/therapist-calendar/calendar-url';
import {
  therapistCalendarUrlSchema,
  type TherapistCalendarUrl,
} from '../contract/therapist-calendar';
import { CommandFailed } from './errors';
import type { WebhookBackend } from './webhook-commands';
import type { PhotoBackend } from './photo-commands';
import type { ReviewBackend } from './review-commands';
import { hideAnswer, reviewListAnswer } from '../contract/reviews';
import { hideReview } from '../server/reviews/hide-review';
import { listReviewRecords } from '../server/reviews/review-records';
import { therapistPhotoAnswer } from '../contract/therapist-photo';
import { localDiskStorage } from '../server/media/media-storage';
import { removeTherapistPhoto } from '../server/media/remove-therapist-photo';
import { setTherapistPhoto } from '../server/media/set-therapist-photo';
import { webhookDeliverySchema, webhookListAnswer, webhookListQuery } from '../contract/webhooks';
import { listWebhookDeliveries, retryWebhookDelivery } from '../server/webhooks/webhook-deliveries';

/**
 * What the commands can ask of the database. Two ways to get there, one set of use cases: straight
 * to the database, or through a running server's /api/internal/* (which calls the same code).
 */
export interface Backend extends WebhookBackend, PhotoBackend, ReviewBackend {
  importCatalogue(input: unknown): Promise<ImportResult>;
  exportCatalogue(): Promise<CatalogueDocument>;
  setUserRoles(email: string, flags: RoleFlags): Promise<UserRoles>;
  setBusinessPayment(email: string, arrangement: PaymentArrangement): Promise<BusinessPaymentView>;
  bookingCase(key: string): Promise<BookingCase>;
  allBookings(filters: BookingFilters): Promise<BookingRecord[]>;
  cancelBooking(key: string, order: CancelForCompanyOrder): Promise<CancelForCompanyAnswer>;
  therapistCalendarUrl(therapistId: string, rotate: boolean): Promise<TherapistCalendarUrl>;
  close(): Promise<void>;
}

export interface BookingFilters {
  from: string;
  to: string;
  therapist?: string;
}

const PAGE_SIZE = 500;

/** Every page of a listing, one after the other. */
async function allPages(
  page: (next: string | undefined) => Promise<BookingListAnswer>,
): Promise<BookingRecord[]> {
  const all: BookingRecord[] = [];
  let next: string | undefined;
  do {
    const answer = await page(next);
    all.push(...answer.bookings);
    next = answer.nextPage ?? undefined;
  } while (next);
  return all;
}

export function directBackend(db: Db, config: AppConfig, close: () => Promise<void>): Backend {
  const photoContext = () => ({
    db,
    media: localDiskStorage(config.mediaDir),
    log: commandContext(db, config).log,
  });
  return {
    importCatalogue: (input) => importCatalogue(db, input),
    exportCatalogue: () => exportCatalogue(db),
    setUserRoles: (email, flags) => setUserRoles(db, email, flags),
    setBusinessPayment: (email, arrangement) => setBusinessPayment(db, email, arrangement),
    bookingCase: async (key) => loadBookingCase(db, await findBookingId(db, key)),
    allBookings: (filters) =>
      allPages((page) =>
        listBookingRecords(db, { ...filters, limit: PAGE_SIZE, ...(page ? { page } : {}) }),
      ),
    cancelBooking: (key, order) => {
      const ctx = commandContext(db, config);
      return cancelBookingForCompany(ctx, key, order, ctx.log);
    },
    therapistCalendarUrl: (id, rotate) =>
      therapistCalendarUrl(db, config.publicUrl, id, { rotate }),
    listWebhookDeliveries: (status) =>
      listWebhookDeliveries(db, webhookListQuery.parse(status ? { status } : {})),
    retryWebhookDelivery: (id) => retryWebhookDelivery(db, id),
    setTherapistPhoto: (id, bytes) => setTherapistPhoto(photoContext(), id, bytes),
    removeTherapistPhoto: (id) => removeTherapistPhoto(photoContext(), id),
    listReviews: (reported) => listReviewRecords(db, { reported }),
    hideReview: (key, reason) => hideReview(db, key, reason, new Date()),
    close,
  };
}

export interface ServerAddress {
  baseUrl: string;
  token: string;
  /** How to name the server in messages, e.g. "the server (pid 123) on port 3000". */
  label: string;
}

export function httpBackend(server: ServerAddress): Backend {
  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    // A Buffer goes as it is (an image); anything else as JSON.
    const bytes = Buffer.isBuffer(body);
    try {
      return await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${server.token}`,
          ...(body === undefined
            ? {}
            : { 'content-type': bytes ? 'application/octet-stream' : 'application/json' }),
        },
        ...(body === undefined
          ? {}
          : { body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body) }),
      });
    } catch (error) {
      const cause =
        (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      throw new CommandFailed(`Could not reach ${server.label} at ${server.baseUrl}: ${cause}`);
    }
  }

  async function problemOf(response: Response): Promise<HttpProblem> {
    const text = await response.text();
    let body: Partial<ProblemBody> = {};
    try {
      body = JSON.parse(text) as Partial<ProblemBody>;
    } catch {
      // Not problem+json (a proxy page, say): report the status with the start of the text.
    }
    const detail =
      body.detail ?? `${server.label} answered ${response.status}: ${text.slice(0, 200)}`;
    return new HttpProblem(response.status, detail, body.errors ? { errors: body.errors } : {});
  }

  /** The answer, checked against the route's schema in src/contract (the server's own). */
  async function json<S extends ZodType>(response: Response, schema: S): Promise<output<S>> {
    if (!response.ok) throw await problemOf(response);
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) {
      throw new CommandFailed(
        `${server.label} answered in an unexpected shape (${parsed.error.issues[0]?.path.join('.')}: ` +
          `${parsed.error.issues[0]?.message}); is it running another version?`,
      );
    }
    return parsed.data;
  }

  const photoPath = (id: string) => `/api/internal/therapists/${encodeURIComponent(id)}/photo`;
  const bookingPath = (key: string) => `/api/internal/bookings/${encodeURIComponent(key)}`;
  const userPath = (email: string, what: string) =>
    `/api/internal/users/${encodeURIComponent(email)}/${what}`;

  return {
    async importCatalogue(input) {
      const response = await call('POST', '/api/internal/catalogue', input);
      if (response.status === 400) {
        const problem = await problemOf(response);
        if (problem.errors) {
          return {
            ok: false,
            problems: problem.errors.map((e) => ({ path: e.field, message: e.message })),
          };
        }
        throw problem;
      }
      const { counts } = await json(response, catalogueImportAnswer);
      return { ok: true, counts };
    },
    exportCatalogue: async () =>
      json(await call('GET', '/api/internal/catalogue'), catalogueDocumentSchema),
    setUserRoles: async (email, flags) =>
      json(await call('PUT', userPath(email, 'roles'), flags), userRolesSchema),
    setBusinessPayment: async (email, arrangement) =>
      json(
        await call('PUT', userPath(email, 'business-payment'), { arrangement }),
        businessPaymentSchema,
      ),
    bookingCase: async (key) =>
      json(await call('GET', `${bookingPath(key)}/case`), bookingCaseSchema),
    allBookings: (filters) =>
      allPages(async (page) => {
        const query = new URLSearchParams({
          ...filters,
          limit: String(PAGE_SIZE),
          ...(page ? { page } : {}),
        });
        return json(await call('GET', `/api/internal/bookings?${query}`), bookingListAnswer);
      }),
    cancelBooking: async (key, order) =>
      json(await call('POST', `${bookingPath(key)}/cancel`, order), cancelForCompanyAnswer),
    therapistCalendarUrl: async (id, rotate) =>
      json(
        await call(
          rotate ? 'POST' : 'GET',
          `/api/internal/therapists/${encodeURIComponent(id)}/calendar-url${rotate ? '/rotate' : ''}`,
        ),
        therapistCalendarUrlSchema,
      ),
    listWebhookDeliveries: async (status) =>
      json(
        await call('GET', `/api/internal/webhooks${status ? `?status=${status}` : ''}`),
        webhookListAnswer,
      ),
    retryWebhookDelivery: async (id) =>
      json(await call('POST', `/api/internal/webhooks/${id}/retry`), webhookDeliverySchema),
    setTherapistPhoto: async (id, bytes) =>
      json(await call('PUT', photoPath(id), bytes), therapistPhotoAnswer),
    removeTherapistPhoto: async (id) =>
      json(await call('DELETE', photoPath(id)), therapistPhotoAnswer),
    listReviews: async (reported) =>
      (
        await json(
          await call('GET', `/api/internal/reviews${reported ? '?reported=true' : ''}`),
          reviewListAnswer,
        )
      ).reviews,
    hideReview: async (key, reason) =>
      json(
        await call('POST', `/api/internal/reviews/${encodeURIComponent(key)}/hide`, { reason }),
        hideAnswer,
      ),
    close: async () => {},
  };
}
