// Exit codes are part of the command line's interface: scripts branch on them.
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** The command line was used wrongly (unknown command, missing argument): exit 2 with the usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The command ran but could not do its job (bad file, unknown user, server unreachable): exit 1. */
export class CommandFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandFailed';
  }
}
