import type { RefinementCtx } from './catalogue-availability';

// One fact of a catalogue record under today's name, the company's, or both (docs/decisions/0092).

/** Today's field → the company's name it was sent under, so later problems name what was sent. */
export type SentAs = Partial<Record<string, string>>;

/** A contradiction: the issue is at the company's field, `params.contradicts` names today's. */
function contradiction(ctx: RefinementCtx, specKey: string, todayKey: string, detail: string) {
  ctx.issues.push({
    code: 'custom',
    message: detail,
    path: [specKey],
    params: { contradicts: todayKey },
    input: undefined,
  });
}

export const sameList = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
export const sameSet = (a: readonly string[], b: readonly string[]) =>
  sameList([...new Set(a)], [...new Set(b)]);

/**
 * One fact under today's name, the company's, or both. `spec` is already in today's units; `says`
 * describes a value for the message.
 */
export function either<T>(
  ctx: RefinementCtx,
  sentAs: SentAs,
  [todayKey, today]: [string, T | undefined],
  [specKey, spec]: [string, T | undefined],
  same: (a: T, b: T) => boolean = Object.is,
  says: (todayValue: T, specValue: T) => string = (a, b) =>
    `${JSON.stringify(b)} is not ${JSON.stringify(a)}`,
): T | undefined {
  if (today !== undefined && spec !== undefined && !same(today, spec)) {
    contradiction(ctx, specKey, todayKey, says(today, spec));
  }
  if (today !== undefined) return today;
  if (spec !== undefined) sentAs[todayKey] = specKey;
  return spec;
}

export function required(ctx: RefinementCtx, key: string, alternative: string, expected: string) {
  ctx.issues.push({
    code: 'custom',
    message: `is required (${expected}), or the company's ${alternative}`,
    path: [key],
    input: undefined,
  });
}
