import { hideBody, type HideAnswer, type ReviewRecord } from '../contract/reviews';
import { starsLabel } from '../domain/reviews';
import { UsageError } from './errors';

// `reviews [--reported]` and `reviews hide REFERENCE --reason TEXT` (docs/decisions/0086): the
// latest or the reported reviews, and hiding one for good with the reason kept. Parsing and
// output live here; args.ts and commands.ts only hand over. The reason is checked with the
// API's own schema, so both refuse the same input.

export type ReviewCommand =
  | { name: 'reviews'; action: 'list'; reported: boolean }
  | { name: 'reviews'; action: 'hide'; key: string; reason: string };

export const REVIEW_USAGE = `  reviews [--reported]
      List the latest reviews, or (--reported) those customers reported, with their reports.
  reviews hide REFERENCE --reason TEXT
      Hide the review of a booking (by reference or id): it counts nowhere publicly any more.
      Never deleted; the reason is kept.
`;

/** What the command needs of the backend (src/cli/backend.ts). */
export interface ReviewBackend {
  listReviews(reported: boolean): Promise<ReviewRecord[]>;
  hideReview(key: string, reason: string): Promise<HideAnswer>;
}

function parseHide(rest: string[]): ReviewCommand {
  const positional: string[] = [];
  let reason: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    const inline = /^--reason=(.*)$/s.exec(arg);
    if (inline) reason = inline[1];
    else if (arg === '--reason') reason = rest[++i];
    else if (arg.startsWith('--')) throw new UsageError(`reviews hide: unknown option "${arg}".`);
    else positional.push(arg);
  }
  const [key, ...extra] = positional;
  if (!key || extra.length > 0) {
    throw new UsageError(
      'reviews hide needs one booking reference: reviews hide REFERENCE --reason TEXT',
    );
  }
  if (reason === undefined) throw new UsageError('reviews hide needs --reason TEXT: say why.');
  const parsed = hideBody.safeParse({ reason });
  if (!parsed.success) {
    throw new UsageError(
      `reviews hide: --reason ${parsed.error.issues[0]?.message ?? 'is not valid'}.`,
    );
  }
  return { name: 'reviews', action: 'hide', key, reason: parsed.data.reason };
}

export function parseReviews(rest: string[]): ReviewCommand {
  if (rest[0] === 'hide') return parseHide(rest.slice(1));
  const unknown = rest.find((arg) => arg !== '--reported');
  if (unknown) throw new UsageError(`Unknown option for reviews: "${unknown}" (use --reported).`);
  return { name: 'reviews', action: 'list', reported: rest.length > 0 };
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export function describeReview(r: ReviewRecord): string {
  const lines = [
    `${r.bookingReference}  ${starsLabel(r.rating)}  ${r.therapistId}  written ${when(r.createdAt)}` +
      (r.erased ? '  (account deleted)' : ''),
  ];
  if (r.comment) lines.push(`  "${r.comment.replace(/\s+/g, ' ')}"`);
  if (r.hidden) lines.push(`  Hidden ${when(r.hidden.at)}: ${r.hidden.reason}`);
  for (const report of r.reports) {
    lines.push(`  Reported ${when(report.at)}: ${report.reason ?? '(reporter deleted)'}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function runReviewCommand(
  command: ReviewCommand,
  backend: ReviewBackend,
  output: { out(text: string): void },
): Promise<void> {
  if (command.action === 'hide') {
    const answer = await backend.hideReview(command.key, command.reason);
    output.out(
      answer.alreadyHidden
        ? `The review of ${answer.bookingReference} was already hidden; the first reason is kept.\n`
        : `Hid the review of ${answer.bookingReference}.\n`,
    );
    output.out(describeReview(answer));
    return;
  }
  const reviews = await backend.listReviews(command.reported);
  if (reviews.length === 0) {
    output.out(command.reported ? 'No reported reviews.\n' : 'No reviews yet.\n');
    return;
  }
  for (const r of reviews) output.out(describeReview(r));
}
