import { z } from 'zod';

// Every setting the server reads, validated once at boot. A bad or missing value stops the process
// with a message naming the variable, instead of failing later in the middle of a request.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const envSchema = z.object({
  APP_ENV: z.string().default('staging'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  INTERNAL_API_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: bool.optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BOOKING_NOTICE_MINUTES: int(0, 7 * 24 * 60).default(60),
  HOLD_MINUTES: int(1, 120).default(10),
  AVAILABILITY_CACHE_SECONDS: int(0, 300).default(3),
});

export interface AppConfig {
  env: 'production' | 'staging';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  internalApiToken: string | null;
  authSecret: string | null;
  seedDemo: boolean;
  trustProxy: boolean;
  logLevel: string;
  bookingNoticeMinutes: number;
  holdMinutes: number;
  availabilityCacheSeconds: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): AppConfig {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const isProduction = e.APP_ENV === 'production';
  const problems: string[] = [];
  if (isProduction) {
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required when APP_ENV=production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required when APP_ENV=production');
    else if (!e.PUBLIC_URL.startsWith('https://'))
      problems.push('PUBLIC_URL: must be https:// when APP_ENV=production');
    if (!e.INTERNAL_API_TOKEN)
      problems.push('INTERNAL_API_TOKEN: required when APP_ENV=production');
    if (!e.AUTH_SECRET) problems.push('AUTH_SECRET: required when APP_ENV=production');
    if (e.SEED_DEMO === true) problems.push('SEED_DEMO: demo data is never loaded in production');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: isProduction ? 'production' : 'staging',
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    internalApiToken: e.INTERNAL_API_TOKEN ?? null,
    authSecret: e.AUTH_SECRET ?? null,
    seedDemo: isProduction ? false : (e.SEED_DEMO ?? true),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    bookingNoticeMinutes: e.BOOKING_NOTICE_MINUTES,
    holdMinutes: e.HOLD_MINUTES,
    availabilityCacheSeconds: e.AVAILABILITY_CACHE_SECONDS,
  };
}
