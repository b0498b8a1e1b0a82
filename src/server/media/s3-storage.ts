import type * as S3 from '@aws-sdk/client-s3';
import type { AppConfig } from '../config';
import { isSafeKey, type MediaStorage } from './media-storage';

// Customers' uploads in an S3-compatible bucket (AWS S3, or any server speaking its API) when
// UPLOADS_BUCKET is set (docs/decisions/0093). Same interface as the local disk: put, get and
// delete by key. The bucket stays private: objects are read through the app, never by a public URL.

/** A request that hangs gives up after this; the SDK retries (3 attempts) within it. */
const REQUEST_TIMEOUT_MS = 15_000;

function checked(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Unsafe media key: ${JSON.stringify(key)}`);
  return key;
}

/** The SDK is large: loaded on the first request, and only where a bucket is configured. */
type Sdk = typeof S3;

export function s3Storage(config: NonNullable<AppConfig['uploadsBucket']>): MediaStorage {
  let connected: Promise<{ sdk: Sdk; client: S3.S3Client }> | null = null;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: 5_000 },
      }),
    })));
  const Bucket = config.bucket;
  return {
    async put(key, bytes) {
      const { sdk, client } = await connect();
      // A PUT replaces the object whole: readers see the old one or the new one, never half.
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: checked(key), Body: bytes }));
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checked(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        // Some S3-compatible servers answer a missing key without the NoSuchKey body.
        if (
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      // S3 answers 204 for a key that is not there: deleting twice is not an error.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
  };
}
