// Brotli and gzip copies of the built web app, made once at build time at the highest levels
// (too slow per request, free once), so the server only picks a file (docs/decisions/0037).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

export interface CompressedFile {
  file: string;
  bytes: number;
  brotliBytes: number | null;
  gzipBytes: number | null;
}

/** Writes name.br and name.gz beside every compressible file of dir that gets smaller. */
export async function compressAssets(dir: string): Promise<CompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file): Promise<CompressedFile> => {
      const content = await readFile(file);
      const result = {
        file: path.relative(dir, file),
        bytes: content.length,
        brotliBytes: null as number | null,
        gzipBytes: null as number | null,
      };
      if (content.length < MIN_BYTES) return result;
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < content.length) {
        await writeFile(`${file}.br`, br);
        result.brotliBytes = br.length;
      }
      if (gzipped.length < content.length) {
        await writeFile(`${file}.gz`, gzipped);
        result.gzipBytes = gzipped.length;
      }
      return result;
    }),
  );
}
