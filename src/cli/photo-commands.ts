import { readFile, stat } from 'node:fs/promises';
import type { TherapistPhotoAnswer } from '../contract/therapist-photo';
import { PHOTO_MAX_BYTES } from '../contract/therapist-photo-paths';
import { CommandFailed, EXIT, UsageError } from './errors';

// `therapist-photo THERAPIST_ID FILE` and `therapist-photo THERAPIST_ID --remove`: the company's
// photo of a therapist. Parsing, reading the file and printing live here; args.ts and commands.ts
// only hand over. The checks on the image itself are the server's (src/server/media).

export type PhotoCommand =
  | { name: 'therapist-photo'; therapistId: string; file: string }
  | { name: 'therapist-photo'; therapistId: string; remove: true };

export const PHOTO_USAGE = `  therapist-photo THERAPIST_ID FILE
      Make FILE (JPEG, PNG, WebP or AVIF, at most 10 MB, at least 256×256 px) the therapist's
      photo: cropped square around the face, resized, replacing the one before.
  therapist-photo THERAPIST_ID --remove
      Remove the therapist's photo; their drawn portrait shows instead.
`;

/** What the command needs of the backend (src/cli/backend.ts). */
export interface PhotoBackend {
  setTherapistPhoto(therapistId: string, bytes: Buffer): Promise<TherapistPhotoAnswer>;
  removeTherapistPhoto(therapistId: string): Promise<TherapistPhotoAnswer>;
}

export function parsePhotoCommand(rest: string[]): PhotoCommand {
  const options = rest.filter((arg) => arg.startsWith('--'));
  const words = rest.filter((arg) => !arg.startsWith('--'));
  const unknown = options.find((option) => option !== '--remove');
  if (unknown) {
    throw new UsageError(`Unknown option for therapist-photo: "${unknown}" (use --remove).`);
  }
  const [therapistId, file, ...extra] = words;
  if (!therapistId) throw new UsageError('therapist-photo needs a therapist id.');
  if (options.length > 0) {
    if (file) throw new UsageError('therapist-photo takes a file or --remove, not both.');
    return { name: 'therapist-photo', therapistId, remove: true };
  }
  if (!file || extra.length > 0) {
    throw new UsageError(
      'therapist-photo needs a therapist id and one image file: therapist-photo THERAPIST_ID FILE',
    );
  }
  return { name: 'therapist-photo', therapistId, file };
}

/** Reads the image before anything touches the database; too big a file is refused here. */
export async function readPhotoFile(file: string): Promise<Buffer> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new CommandFailed(`Cannot read ${file}: it is a folder.`);
    if (info.size > PHOTO_MAX_BYTES) {
      const mb = (info.size / 1024 / 1024).toFixed(1);
      throw new CommandFailed(`${file} is ${mb} MB; a photo may be 10 MB at most.`);
    }
    return await readFile(file);
  } catch (error) {
    if (error instanceof CommandFailed) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : (error as Error).message;
    throw new CommandFailed(`Cannot read ${file}: ${reason}.`);
  }
}

export async function runPhotoCommand(
  command: PhotoCommand,
  photo: Buffer | undefined,
  backend: PhotoBackend,
  output: { out(text: string): void },
): Promise<number> {
  if ('remove' in command) {
    const answer = await backend.removeTherapistPhoto(command.therapistId);
    output.out(
      `${command.therapistId} has no uploaded photo now; shown instead: ${answer.photoUrl}\n`,
    );
    return EXIT.ok;
  }
  if (!photo) throw new CommandFailed(`Cannot read ${command.file}.`);
  const answer = await backend.setTherapistPhoto(command.therapistId, photo);
  output.out(
    `Photo of ${command.therapistId} saved in 3 sizes (AVIF, WebP, JPEG): ${answer.photoUrl}\n`,
  );
  return EXIT.ok;
}
