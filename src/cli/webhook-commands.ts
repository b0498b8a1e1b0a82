import type { WebhookDelivery, WebhookListAnswer } from '../contract/webhooks';
import { UsageError } from './errors';

// `webhooks [--status pending|failed]` and `webhooks retry ID`: the deliveries of booking events
// to the company's other systems that are waiting or failed, and sending one again. Parsing and
// output live here; args.ts and commands.ts only hand over.

export type WebhookCommand =
  | { name: 'webhooks'; action: 'list'; status: 'pending' | 'failed' | null }
  | { name: 'webhooks'; action: 'retry'; id: number };

export const WEBHOOK_USAGE = `  webhooks [--status pending|failed]
      List webhook deliveries waiting to be sent or failed for good (both unless --status).
  webhooks retry ID
      Send delivery ID again now (a failed or waiting one); its attempts are kept.`;

/** What the command needs of the backend (src/cli/backend.ts). */
export interface WebhookBackend {
  listWebhookDeliveries(status: 'pending' | 'failed' | null): Promise<WebhookListAnswer>;
  retryWebhookDelivery(id: number): Promise<WebhookDelivery>;
}

export function parseWebhooks(rest: string[]): WebhookCommand {
  const [first, ...others] = rest;
  if (first === 'retry') {
    const [id, ...extra] = others;
    if (!id || extra.length > 0) throw new UsageError('webhooks retry needs one delivery id.');
    if (!/^[1-9]\d{0,14}$/.test(id))
      throw new UsageError(`A delivery id is a whole number, not "${id}".`);
    return { name: 'webhooks', action: 'retry', id: Number(id) };
  }
  let status: 'pending' | 'failed' | null = null;
  for (let i = 0; i < rest.length; i++) {
    const option = rest[i] ?? '';
    const inline = /^--status=(.*)$/.exec(option);
    const value = inline ? inline[1] : option === '--status' ? rest[++i] : undefined;
    if (value === undefined)
      throw new UsageError(
        `Unknown option for webhooks: "${option}" (use --status pending|failed).`,
      );
    if (value !== 'pending' && value !== 'failed')
      throw new UsageError(`--status must be "pending" or "failed", not "${value}".`);
    status = value;
  }
  return { name: 'webhooks', action: 'list', status };
}

const when = (iso: string) => iso.slice(0, 19).replace('T', ' ');

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function describeList(answer: WebhookListAnswer, status: 'pending' | 'failed' | null): string {
  const which = status ?? 'pending or failed';
  if (answer.deliveries.length === 0) return `No ${which} webhook deliveries.\n`;
  const rows = [
    ['ID', 'STATUS', 'EVENT', 'BOOKING', 'TRIES', 'NEXT TRY (UTC)', 'LAST ANSWER', 'URL'],
    ...answer.deliveries.map((d) => [
      String(d.id),
      d.status,
      d.type,
      d.bookingReference,
      String(d.attempts),
      d.status === 'pending' ? when(d.nextAttemptAt) : '-',
      d.lastStatus === null ? (d.lastError ? 'no answer' : '-') : String(d.lastStatus),
      d.url,
    ]),
  ];
  const errors = answer.deliveries
    .filter((d) => d.lastError)
    .map((d) => `  ${d.id}: ${d.lastError}`);
  const more = answer.hasMore ? '\nMore are waiting than shown; the oldest are listed.\n' : '';
  return `${table(rows)}\n${errors.length ? `\nLast errors:\n${errors.join('\n')}\n` : ''}${more}`;
}

export async function runWebhookCommand(
  command: WebhookCommand,
  backend: WebhookBackend,
  output: { out(text: string): void },
): Promise<void> {
  if (command.action === 'list') {
    const answer = await backend.listWebhookDeliveries(command.status);
    output.out(describeList(answer, command.status));
    return;
  }
  const delivery = await backend.retryWebhookDelivery(command.id);
  output.out(
    `Webhook delivery ${delivery.id} (${delivery.type}, booking ${delivery.bookingReference}) ` +
      `is due now; ${delivery.attempts} earlier ${delivery.attempts === 1 ? 'attempt' : 'attempts'}.\n`,
  );
}
