import path from 'node:path';
import { z } from 'zod';
import { bool, int, type EnvOf } from './config-values';

// The deployment: which environment this is, where the server listens and keeps its files, its
// database, address and secrets, and its logs. Production will not start without the settings it
// needs, nor with those that are only for trying the app out.

export const serverEnv = {
  APP_ENV: z.string().default('staging'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Uploaded files (therapists' photos); <DATA_DIR>/media when unset. Share it between instances. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** The built web app to serve; dist/web when unset. The e2e update test serves a copy. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  INTERNAL_API_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: bool.optional(),
  /** The /dev/mail outbox viewer: on outside production, where it never exists. */
  DEV_MAIL_VIEWER: bool.optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: short human lines in a terminal, JSON lines when piped (docs/decisions/0025). */
  LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'], { message: 'must be auto, json or pretty' })
    .default('auto'),
};

export interface ServerSettings {
  env: 'production' | 'staging';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Where the local media storage keeps uploaded files. */
  mediaDir: string;
  /** null: the build in dist/web. */
  webDistDir: string | null;
  databaseUrl: string | null;
  publicUrl: string;
  internalApiToken: string | null;
  authSecret: string | null;
  seedDemo: boolean;
  /** Serve /dev/mail, which shows every queued email (sign-in links included). Never in production. */
  devMailViewer: boolean;
  trustProxy: boolean;
  logLevel: string;
  logFormat: 'auto' | 'json' | 'pretty';
}

/** The deployment's settings; what production lacks or must not have is added to problems. */
export function serverOf(e: EnvOf<typeof serverEnv>, problems: string[]): ServerSettings {
  const isProduction = e.APP_ENV === 'production';
  if (isProduction) {
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required when APP_ENV=production');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required when APP_ENV=production');
    else if (!e.PUBLIC_URL.startsWith('https://'))
      problems.push('PUBLIC_URL: must be https:// when APP_ENV=production');
    if (!e.INTERNAL_API_TOKEN)
      problems.push('INTERNAL_API_TOKEN: required when APP_ENV=production');
    if (!e.AUTH_SECRET) problems.push('AUTH_SECRET: required when APP_ENV=production');
    if (e.SEED_DEMO === true) problems.push('SEED_DEMO: demo data is never loaded in production');
    if (e.DEV_MAIL_VIEWER === true)
      problems.push('DEV_MAIL_VIEWER: the mail viewer never runs in production');
  }
  return {
    env: isProduction ? 'production' : 'staging',
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    mediaDir: e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media'),
    webDistDir: e.WEB_DIST_DIR ?? null,
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    internalApiToken: e.INTERNAL_API_TOKEN ?? null,
    authSecret: e.AUTH_SECRET ?? null,
    seedDemo: isProduction ? false : (e.SEED_DEMO ?? true),
    devMailViewer: isProduction ? false : (e.DEV_MAIL_VIEWER ?? true),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
  };
}
