import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../contract/problem';
import { buildTestApp } from '../../test-support/test-app';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';

// The OpenAPI document is the contract as the outside world reads it (GET /api/docs). Every
// operation must say what it answers: a schema for its success status, problem+json for errors.

type Operation = OpenAPIV3_1.OperationObject;
type Response = OpenAPIV3_1.ResponseObject;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function operationsOf(doc: OpenAPIV3_1.Document): { name: string; operation: Operation }[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item?.[method];
      return operation ? [{ name: `${method.toUpperCase()} ${path}`, operation }] : [];
    }),
  );
}

const responsesOf = (operation: Operation) =>
  Object.entries(operation.responses ?? {}) as [string, Response][];

describe('the OpenAPI document', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let doc: OpenAPIV3_1.Document;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database);
    const res = await app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenAPIV3_1.Document>();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('describes the API routes', () => {
    const names = operationsOf(doc).map((o) => o.name);
    expect(names.length).toBeGreaterThanOrEqual(30);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/cities/{city}/treatments',
        'POST /api/bookings',
        'POST /api/bookings/{id}/payment',
        'GET /api/me',
        'POST /api/payments/stripe/webhook',
        'GET /api/calendars/{file}',
        'POST /api/internal/therapists/{id}/calendar-url/rotate',
      ]),
    );
  });

  it('gives every /api operation a response schema for its success status', () => {
    const offenders = operationsOf(doc)
      .filter(({ name }) => name.split(' ')[1]?.startsWith('/api/'))
      .filter(({ operation }) => {
        const successes = responsesOf(operation).filter(([status]) => status.startsWith('2'));
        if (successes.length === 0) return true;
        // 204 No Content has no body to describe; every other success names its JSON schema,
        // except a calendar feed, which is iCalendar text (GET /api/calendars/{file}), and the
        // live channel, an event stream (GET /api/me/events), and a customer's photo for the
        // therapist, a JPEG (decision 0093).
        return successes.some(
          ([status, response]) =>
            status !== '204' &&
            !response.content?.['application/json']?.schema &&
            !response.content?.['text/calendar']?.schema &&
            !response.content?.['text/event-stream']?.schema &&
            !response.content?.['image/jpeg']?.schema,
        );
      })
      .map(({ name }) => name);
    expect(
      offenders,
      `operations without a success response schema: ${offenders.join(', ')}`,
    ).toEqual([]);
  });

  it('describes every error answer as problem+json', () => {
    const offenders = operationsOf(doc).flatMap(({ name, operation }) =>
      responsesOf(operation)
        .filter(([status]) => /^[45]/.test(status))
        .filter(([, response]) => !response.content?.['application/problem+json']?.schema)
        .map(([status]) => `${name} ${status}`),
    );
    expect(
      offenders,
      `error answers not described as problem+json: ${offenders.join(', ')}`,
    ).toEqual([]);
  });

  it('lists the problem codes in every error answer (decision 0072)', () => {
    const codes = Object.keys(PROBLEM_CODES);
    const offenders = operationsOf(doc).flatMap(({ name, operation }) =>
      responsesOf(operation)
        .filter(([status]) => /^[45]/.test(status))
        .filter(([, response]) => {
          const schema = response.content?.['application/problem+json']?.schema as
            { properties?: { code?: { enum?: unknown } } } | undefined;
          return JSON.stringify(schema?.properties?.code?.enum) !== JSON.stringify(codes);
        })
        .map(([status]) => `${name} ${status}`),
    );
    expect(offenders, `error answers without the problem codes: ${offenders.join(', ')}`).toEqual(
      [],
    );
  });

  it('sends errors with the content type the document promises', async () => {
    const res = await app.inject('/api/cities/nowhere/treatments');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it("refuses treatments for a location without a city with 'No location set'", async () => {
    const res = await app.inject('/api/cities/%20/treatments');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([{ field: 'params.city', message: 'No location set' }]);
  });
});
