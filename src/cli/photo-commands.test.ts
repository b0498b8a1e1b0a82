import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { CommandFailed, UsageError } from './errors';
import { readPhotoFile } from './photo-commands';

describe('therapist-photo arguments', () => {
  it('takes a therapist id and a file, or --remove', () => {
    expect(parseArgs(['therapist-photo', 't-isla', 'isla.jpg'])).toEqual({
      name: 'therapist-photo',
      therapistId: 't-isla',
      file: 'isla.jpg',
    });
    expect(parseArgs(['therapist-photo', '--remove', 't-isla'])).toEqual({
      name: 'therapist-photo',
      therapistId: 't-isla',
      remove: true,
    });
  });

  it('says what is wrong with anything else', () => {
    const cases: [string[], RegExp][] = [
      [['therapist-photo'], /needs a therapist id/],
      [['therapist-photo', 't-isla'], /needs a therapist id and one image file/],
      [['therapist-photo', 't-isla', 'a.jpg', 'b.jpg'], /one image file/],
      [['therapist-photo', 't-isla', 'a.jpg', '--remove'], /a file or --remove, not both/],
      [['therapist-photo', 't-isla', '--delete'], /Unknown option for therapist-photo: "--delete"/],
    ];
    for (const [argv, message] of cases) {
      expect(() => parseArgs(argv), argv.join(' ')).toThrow(UsageError);
      expect(() => parseArgs(argv), argv.join(' ')).toThrow(message);
    }
  });
});

describe('reading the photo file', () => {
  it('refuses a missing file, a folder and a file over 10 MB before anything is sent', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'photo-file-'));
    try {
      const big = path.join(dir, 'big.jpg');
      await writeFile(big, Buffer.alloc(10 * 1024 * 1024 + 1));
      await expect(readPhotoFile(path.join(dir, 'none.jpg'))).rejects.toThrow(
        /there is no such file/,
      );
      await expect(readPhotoFile(dir)).rejects.toThrow(/it is a folder/);
      await expect(readPhotoFile(big)).rejects.toThrow(CommandFailed);
      await expect(readPhotoFile(big)).rejects.toThrow(
        'big.jpg is 10.0 MB; a photo may be 10 MB at most.',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
