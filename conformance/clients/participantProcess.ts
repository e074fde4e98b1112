import { spawn as spawnChild, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { StderrTail } from './stderrTail.js';

export interface ExitInfo {
  readonly exitCode?: number;
  readonly signal?: string;
  /** Why the process could not be spawned at all (ENOENT, EACCES). */
  readonly spawnError?: string;
}

export interface ProcessEvents {
  /** One complete stdout line, without its line break. */
  onLine(line: string): void;
  /** Called once, when the process is gone (exited, killed, or never spawned). */
  onExit(info: ExitInfo): void;
}

/** What the participant client talks to: a process, or a worker thread that behaves as one. */
export interface ParticipantChannel {
  readonly stderr: StderrTail;
  /** Settles when the participant is gone. */
  readonly done: Promise<ExitInfo>;
  readonly alive: boolean;
  write(line: string): void;
  closeInput(): void;
  kill(): void;
}

export interface CommandLine {
  readonly file: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

// The processes still running, killed when the harness exits so that none outlives it.
const running = new Set<ChildProcessWithoutNullStreams>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Spawns with Node's own `child_process` (importing execa costs a start-up a tenth of a second
 * or more, paid before the first participant can start); the command's environment extends the
 * harness's own.
 */
const spawn = (command: CommandLine): ChildProcessWithoutNullStreams => {
  const child = spawnChild(command.file, [...command.args], {
    stdio: 'pipe',
    ...(command.cwd === undefined ? {} : { cwd: command.cwd }),
    env: command.env === undefined ? process.env : { ...process.env, ...command.env },
  });
  running.add(child);
  child.on('close', () => running.delete(child));
  child.on('error', () => running.delete(child));
  return child;
};

/**
 * One running participant process: stdin for requests, stdout split into lines, stderr kept in a
 * bounded tail. It knows nothing of the protocol; the participant client decides what a line means.
 */
export class ParticipantProcess implements ParticipantChannel {
  readonly stderr = new StderrTail();
  private readonly subprocess: ChildProcessWithoutNullStreams;
  private exited = false;
  private partial: string[] = [];
  private readonly outgoing: string[] = [];
  private resolveDone: (info: ExitInfo) => void = () => undefined;
  /** Settles when the process is gone. */
  readonly done = new Promise<ExitInfo>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(command: CommandLine, private readonly events: ProcessEvents) {
    this.subprocess = spawn(command);
    const { stdin, stdout, stderr } = this.subprocess;
    // A write to a process that just died fails with EPIPE; the exit event reports the death.
    stdin.on('error', () => undefined);
    stdout.setEncoding('utf8');
    stdout.on('data', (chunk: string) => this.receive(chunk));
    stderr.setEncoding('utf8');
    stderr.on('data', (chunk: string) => this.stderr.push(chunk));
    // 'close', not 'exit': by then every line the process wrote has been read.
    this.subprocess.on('close', (code, signal) =>
      this.exit({ ...(code === null ? {} : { exitCode: code }), ...(signal === null ? {} : { signal }) }),
    );
    this.subprocess.on('error', (error) => this.exit({ spawnError: error.message }));
  }

  /**
   * Sends a line. Lines written in one turn of the event loop go out together at its end, in
   * one write: a write per line costs a system call each, which a busy harness feels.
   */
  write(line: string): void {
    this.outgoing.push(line);
    if (this.outgoing.length === 1) setImmediate(() => this.flush());
  }

  /** End of input, after the lines written so far: a participant exits when its stdin closes. */
  closeInput(): void {
    this.flush();
    this.subprocess.stdin.end();
  }

  kill(): void {
    this.outgoing.length = 0;
    if (!this.exited) this.subprocess.kill('SIGKILL');
  }

  get alive(): boolean {
    return !this.exited;
  }

  private flush(): void {
    if (this.outgoing.length === 0) return;
    const text = `${this.outgoing.join('\n')}\n`;
    this.outgoing.length = 0;
    if (!this.exited && this.subprocess.stdin.writable) this.subprocess.stdin.write(text);
  }

  // A line longer than a chunk is gathered in parts and joined once, when its newline comes: adding
  // each chunk to the text so far and splitting it again made a 50 MB answer take 17 s.
  private receive(chunk: string): void {
    const first = chunk.indexOf('\n');
    if (first < 0) {
      this.partial.push(chunk);
      return;
    }
    this.partial.push(chunk.slice(0, first));
    const parts = chunk.slice(first + 1).split('\n');
    const lines = [this.partial.join(''), ...parts.slice(0, -1)];
    this.partial = [parts[parts.length - 1]!];
    for (const line of lines) if (!this.exited) this.events.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  }

  private exit(info: ExitInfo): void {
    if (this.exited) return;
    this.exited = true;
    this.resolveDone(info);
    this.events.onExit(info);
  }
}
