import { readFile, writeFile } from 'node:fs/promises';
import type { CatalogueDocument } from '../contract/catalogue-document';
import type { ImportCounts } from '../server/catalogue/import-catalogue';
import { HttpProblem } from '../server/http/problem';
import { USAGE, type Command } from './args';
import type { Backend } from './backend';
import { csvOf, describeCancel, describeCase, listOf } from './booking-commands';
import { runCalendarUrl } from './calendar-commands';
import { CommandFailed, EXIT } from './errors';
import { runWebhookCommand } from './webhook-commands';
import { readPhotoFile, runPhotoCommand } from './photo-commands';
import { runReviewCommand } from './review-commands';

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function describeCounts(c: ImportCounts): string {
  return [
    plural(c.cities, 'city', 'cities'),
    plural(c.treatments, 'treatment', 'treatments'),
    plural(c.therapists, 'therapist', 'therapists'),
    plural(c.availabilityWindows, 'availability window', 'availability windows'),
  ].join(', ');
}

function countsOf(doc: CatalogueDocument): ImportCounts {
  return {
    cities: doc.cities.length,
    treatments: doc.treatments.length,
    therapists: doc.therapists.length,
    availabilityWindows: doc.therapists.reduce((n, t) => n + (t.availability?.length ?? 0), 0),
  };
}

/** Reads and parses the file before anything touches the database. */
async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    throw new CommandFailed(`Cannot read ${file}: ${reason}.`);
  }
  try {
    // Editors on Windows like to start UTF-8 files with a byte-order mark; JSON.parse does not.
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CommandFailed(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Runs one command and returns the exit code. The backend is opened only once the input is known
 * to be readable, and always closed again.
 */
export async function runCommand(
  command: Command,
  openBackend: () => Promise<Backend>,
  output: Output,
): Promise<number> {
  if (command.name === 'help') {
    output.out(USAGE);
    return EXIT.ok;
  }
  const input = command.name === 'import' ? await readJsonFile(command.file) : undefined;
  const photo =
    command.name === 'therapist-photo' && 'file' in command
      ? await readPhotoFile(command.file)
      : undefined;

  const backend = await openBackend();
  try {
    switch (command.name) {
      case 'import': {
        const result = await backend.importCatalogue(input);
        if (!result.ok) {
          const n = result.problems.length;
          output.err(`The file has ${plural(n, 'problem', 'problems')}; nothing was imported.\n`);
          for (const p of result.problems) output.err(`  ${p.path}: ${p.message}\n`);
          return EXIT.failed;
        }
        output.out(`Imported ${describeCounts(result.counts)}.\n`);
        return EXIT.ok;
      }
      case 'export': {
        const doc = await backend.exportCatalogue();
        const text = `${JSON.stringify(doc, null, 2)}\n`;
        if (command.file) {
          await writeFile(command.file, text);
          output.out(`Exported ${describeCounts(countsOf(doc))} to ${command.file}.\n`);
        } else {
          output.out(text);
          output.err(`Exported ${describeCounts(countsOf(doc))}.\n`);
        }
        return EXIT.ok;
      }
      case 'roles': {
        const roles = await backend.setUserRoles(command.email, command.flags);
        const flag = (on: boolean) => (on ? 'on' : 'off');
        output.out(
          `${roles.email}: therapist ${flag(roles.therapist)}, onboarder ${flag(roles.onboarder)}.\n`,
        );
        return EXIT.ok;
      }
      case 'business-payment': {
        const view = await backend.setBusinessPayment(command.email, command.arrangement);
        output.out(`${view.email} now pays by ${view.arrangement}.\n`);
        return EXIT.ok;
      }
      case 'booking':
        output.out(describeCase(await backend.bookingCase(command.key)));
        return EXIT.ok;
      case 'bookings': {
        const bookings = await backend.allBookings({
          from: command.from,
          to: command.to,
          ...(command.therapist ? { therapist: command.therapist } : {}),
        });
        output.out(command.csv ? csvOf(bookings) : listOf(bookings));
        return EXIT.ok;
      }
      case 'cancel':
        output.out(describeCancel(await backend.cancelBooking(command.key, command.order)));
        return EXIT.ok;
      case 'calendar-url':
        return await runCalendarUrl(command, backend, output);
      case 'webhooks':
        await runWebhookCommand(command, backend, output);
        return EXIT.ok;
      case 'therapist-photo':
        return await runPhotoCommand(command, photo, backend, output);
      case 'reviews':
        await runReviewCommand(command, backend, output);
        return EXIT.ok;
    }
  } catch (error) {
    // Unknown user, personal account…: the use case's own words are the message.
    if (error instanceof HttpProblem) throw new CommandFailed(error.message);
    throw error;
  } finally {
    await backend.close();
  }
}
