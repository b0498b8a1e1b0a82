import { isClosedPipe, runAdmin } from './run-admin';

// Entry point of `npm run admin -- <command>` (the command itself runs in run-admin.ts).

// `export | head` closes the pipe early; that is the reader's choice, not our failure.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (!isClosedPipe(error)) throw error;
  });
}

// Exit explicitly once the output is flushed: an idle keep-alive socket must not hold us up.
process.exit(await runAdmin(process.argv.slice(2)));
