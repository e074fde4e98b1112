import { ParticipantProcess, type CommandLine, type ExitInfo } from '../clients/participantProcess.js';

/** What waiting for a participant's next line gave. */
export type NextLine = { readonly line: string } | { readonly exit: ExitInfo } | { readonly timeout: number };

/**
 * A participant process read one stdout line at a time, each wait bounded: the smoke test sends
 * one request and waits for one answer, so that each failure belongs to the request that caused it.
 */
export class LineChannel {
  private readonly lines: string[] = [];
  private exited: ExitInfo | undefined;
  private wake: (() => void) | undefined;
  readonly process: ParticipantProcess;

  constructor(command: CommandLine) {
    this.process = new ParticipantProcess(command, {
      onLine: (line) => {
        this.lines.push(line);
        this.wake?.();
      },
      onExit: (info) => {
        this.exited = info;
        this.wake?.();
      },
    });
  }

  send(line: string): void {
    this.process.write(line);
  }

  /** The next line, else the exit once every line before it is read, else a timeout after `ms`. */
  async next(ms: number): Promise<NextLine> {
    const deadline = Date.now() + ms;
    for (;;) {
      const line = this.lines.shift();
      if (line !== undefined) return { line };
      if (this.exited !== undefined) return { exit: this.exited };
      const left = deadline - Date.now();
      if (left <= 0) return { timeout: ms };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Kills the process (if it still runs) and waits until it is gone. */
  async close(): Promise<ExitInfo> {
    this.process.kill();
    return this.process.done;
  }
}
