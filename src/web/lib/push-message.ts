import * as z from 'zod/mini';
import { pushPayloadSchema, sameSitePath, type PushPayload } from '../../contract/push-message';

// Reading push messages, for the service worker (the server's payload, src/contract) and the page
// (what the worker forwards to it). Anything of another shape is ignored.

/** What the worker posts to a visible page instead of a system notification. */
export const pushClientMessageSchema = z.object({
  type: z.literal('push'),
  ...z.pick(pushPayloadSchema, { title: true, body: true }).shape,
  url: sameSitePath,
});

export type PushClientMessage = z.infer<typeof pushClientMessageSchema>;

export function parsePushPayload(data: unknown): PushPayload | null {
  const parsed = pushPayloadSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function parsePushClientMessage(data: unknown): PushClientMessage | null {
  const parsed = pushClientMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The notification keeps the message's path in its data; a click reads it back, checked again. */
export function readNotificationUrl(data: unknown): string {
  const parsed = z.object({ url: sameSitePath }).safeParse(data);
  return parsed.success ? parsed.data.url : '/';
}
