import { ConfigError, loadConfig } from '../server/config';
import { parseArgs, USAGE } from './args';
import { runCommand } from './commands';
import { connect } from './connect';
import { CommandFailed, EXIT, UsageError } from './errors';

// `npm run admin -- <command>` without the process around it: main.ts runs it and exits with its
// code, and the tests run it in their own process (test-support/run-cli.ts). Everything that
// decides the exit code lives here; the commands only report through runCommand's return value or
// an error.

export const isClosedPipe = (error: unknown) =>
  (error as NodeJS.ErrnoException | null)?.code === 'EPIPE';

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) =>
    stream.write(text, (error) => (error && !isClosedPipe(error) ? reject(error) : resolve())),
  );
}

/** Runs one command with the settings in `env`; resolves to the exit code once output is written. */
export async function runAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
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
    const config = loadConfig(env);
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
