import { z } from 'zod';

// UPLOADS_*: where customers' uploads (the photos for their therapist) are kept. An S3-compatible
// bucket when UPLOADS_BUCKET is set, local disk under MEDIA_DIR otherwise (docs/decisions/0093).
// Apart from config.ts, which spreads these settings into its own, to keep that file's share small.

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const uploadsEnv = {
  /** The bucket's name: staging and production each name their own. */
  UPLOADS_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name, e.g. glow-uploads')
    .optional(),
  /** The S3 API's address; unset: AWS's own for the region. */
  UPLOADS_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http:// or https:// URL' })
    .optional(),
  UPLOADS_REGION: z.string().min(1).optional(),
  UPLOADS_ACCESS_KEY_ID: z.string().min(1).optional(),
  UPLOADS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** bucket in the path (http://host/bucket/key): most S3-compatible servers want it. */
  UPLOADS_FORCE_PATH_STYLE: flag.optional(),
};

export interface UploadsBucketConfig {
  bucket: string;
  /** null: AWS's endpoint for the region. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

type UploadsEnv = { [K in keyof typeof uploadsEnv]?: z.output<(typeof uploadsEnv)[K]> };

/** The bucket, or null for local disk; what a set bucket lacks is added to problems. */
export function uploadsBucketOf(
  e: UploadsEnv,
  isProduction: boolean,
  problems: string[],
): UploadsBucketConfig | null {
  if (!e.UPLOADS_BUCKET) {
    const stray = Object.keys(uploadsEnv).filter(
      (name) => name !== 'UPLOADS_BUCKET' && e[name as keyof UploadsEnv] !== undefined,
    );
    if (stray.length > 0)
      problems.push(`${stray.join(', ')}: only used with UPLOADS_BUCKET, which is not set`);
    return null;
  }
  const required = [
    'UPLOADS_REGION',
    'UPLOADS_ACCESS_KEY_ID',
    'UPLOADS_SECRET_ACCESS_KEY',
  ] as const;
  for (const name of required) if (!e[name]) problems.push(`${name}: required with UPLOADS_BUCKET`);
  if (isProduction && e.UPLOADS_ENDPOINT?.startsWith('http://'))
    problems.push('UPLOADS_ENDPOINT: must be https:// when APP_ENV=production');
  if (!e.UPLOADS_REGION || !e.UPLOADS_ACCESS_KEY_ID || !e.UPLOADS_SECRET_ACCESS_KEY) return null;
  return {
    bucket: e.UPLOADS_BUCKET,
    endpoint: e.UPLOADS_ENDPOINT?.replace(/\/+$/, '') ?? null,
    region: e.UPLOADS_REGION,
    accessKeyId: e.UPLOADS_ACCESS_KEY_ID,
    secretAccessKey: e.UPLOADS_SECRET_ACCESS_KEY,
    forcePathStyle: e.UPLOADS_FORCE_PATH_STYLE ?? false,
  };
}
