import { ConfigError, loadConfig } from '../server/config';
import { parseArgs, USAGE } from './args';
import { runCommand } from './commands';
import { connect } from './connect';
import { CommandFailed, EXIT, UsageError } from './errors';

// Entry point of `npm run admin -- <command>`. Everything that decides the exit code lives here;
// the commands themselves only report through runCommand's return value or an error.

const isClosedPipe = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'EPIPE';

// `export | head` closes the pipe early; that is the reader's choice, not our failure.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (!isClosedPipe(error)) throw error;
  });
}

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) =>
    stream.write(text, (error) => (error && !isClosedPipe(error) ? reject(error) : resolve())),
  );
}

async function main(argv: string[]): Promise<number> {
  const pending: Promise<void>[] = [];
  const output = {
    out: (text: string) => void pending.push(write(process.stdout, text)),
    err: (text: string) => void pending.push(write(process.stderr, text)),
  };
  const finish = async (code: number) => {
    await Promise.all(pending);
    return code;
  };

  try {
    const command = parseArgs(argv);
    if (command.name === 'help') {
      // Help needs no configuration, so it works even when the environment is broken.
      output.out(USAGE);
      return await finish(EXIT.ok);
    }
    const config = loadConfig();
    return await finish(await runCommand(command, () => connect(config), output));
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`${error.message}\n\n${USAGE}`);
      return finish(EXIT.usage);
    }
    if (error instanceof ConfigError) {
      output.err(`${error.message}\n`);
      return finish(EXIT.usage);
    }
    if (error instanceof CommandFailed) {
      output.err(`${error.message}\n`);
      return finish(EXIT.failed);
    }
    output.err(
      `Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return finish(EXIT.failed);
  }
}

// Exit explicitly once the output is flushed: an idle keep-alive socket must not hold us up.
process.exit(await main(process.argv.slice(2)));
