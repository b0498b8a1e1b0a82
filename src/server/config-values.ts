import { z } from 'zod';

// The kinds of value the config-*.ts files share. Every setting arrives as text: these say which
// text is a yes or a no, and which is a whole number within bounds.

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const int = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** A group of settings once parsed: defaults filled in, text turned into numbers and booleans. */
export type EnvOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;
