import { z } from 'zod';

// RFC 9457 problem details: the body of every error answer under /api
// (docs/architecture.md#http-api).

export const fieldErrorSchema = z.object({
  /** Where the problem is: "query.date", "body.card.number", "$.therapists[2].area". */
  field: z.string(),
  message: z.string(),
});

// Loose: use cases add extension members (code, retryAfterSeconds, slotReleased…) that clients
// may read, so unknown members are kept rather than stripped.
export const problemSchema = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .describe('RFC 9457 problem details');

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ProblemBody = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** One error answer as Fastify's response schema and the OpenAPI document describe it. */
const problemResponse = {
  description: 'RFC 9457 problem details',
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
} as const;

export type ProblemStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * The error statuses a route can answer, each as problem+json: spread into a route's
 * `schema.response` next to its success schema.
 */
export function problemResponses<const S extends ProblemStatus>(
  ...statuses: S[]
): Record<S, typeof problemResponse> {
  return Object.fromEntries(statuses.map((status) => [status, problemResponse])) as Record<
    S,
    typeof problemResponse
  >;
}
