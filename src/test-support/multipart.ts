import { randomBytes } from 'node:crypto';

// A multipart/form-data body with one file, for inject(): what a browser's FormData sends.

export function multipartFile(
  bytes: Buffer,
  options: { field?: string; filename?: string; type?: string } = {},
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'photo'}"; ` +
    `filename="${options.filename ?? 'photo.jpg'}"\r\n` +
    `Content-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
