import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A local S3-compatible server for the uploads bucket's tests (docs/decisions/0093): s3rver, an
// npm package that speaks the S3 REST API (signed requests included) over files in a folder, so
// the real @aws-sdk/client-s3 client is exercised without Docker, a download or a network.

export interface TestS3Server {
  /** UPLOADS_* settings that point the app at it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3Server(bucket = 'glow-uploads-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      UPLOADS_BUCKET: bucket,
      UPLOADS_ENDPOINT: `http://127.0.0.1:${port}`,
      UPLOADS_REGION: 'eu-west-2',
      // s3rver's own credentials: it checks every request's signature against them.
      UPLOADS_ACCESS_KEY_ID: 'S3RVER',
      UPLOADS_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOADS_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
