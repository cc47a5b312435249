/** A mistake in how the command was called: the message and usage are printed, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/** Exit codes: 1 for a failure while running, 2 for a usage or configuration mistake. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure the command has already reported in full: nothing more is printed, exit code 1. */
export class ReportedFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReportedFailure";
  }
}
