import { Worker } from 'node:worker_threads';
import type { ExitInfo, ParticipantChannel, ProcessEvents } from './participantProcess.js';
import { StderrTail } from './stderrTail.js';

/** A participant served on a worker thread of the harness: the module that serves it, as a file URL. */
export interface ThreadLaunch {
  readonly thread: string;
}

export const isThreadLaunch = (launch: object): launch is ThreadLaunch => 'thread' in launch;

/**
 * The worker, from the module's URL. A worker does not inherit the loader the harness runs under,
 * so from TypeScript sources (tests, `tsx`) it registers tsx itself before importing the module.
 */
const startWorker = (url: string): Worker => {
  const options = { stdout: true, stderr: true } as const;
  if (!url.endsWith('.ts')) return new Worker(new URL(url), options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(url)}); });`;
  return new Worker(code, { ...options, eval: true });
};

/**
 * One participant on a worker thread, seen as a process is: lines in and out (as messages, one
 * line each), its stderr kept in a bounded tail, an exit when it ends, and `kill` to end it. The
 * participant client above it cannot tell the two apart, so restarts and timeouts work alike;
 * unlike an in-process participant, a case that does not answer in time is stopped.
 */
export class ParticipantThread implements ParticipantChannel {
  readonly stderr = new StderrTail();
  private readonly worker: Worker;
  private exited = false;
  private resolveDone: (info: ExitInfo) => void = () => undefined;
  readonly done = new Promise<ExitInfo>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(
    launch: ThreadLaunch,
    private readonly events: ProcessEvents,
  ) {
    this.worker = startWorker(launch.thread);
    this.worker.stdout.resume();
    this.worker.stderr.setEncoding('utf8');
    this.worker.stderr.on('data', (chunk: string) => this.stderr.push(chunk));
    this.worker.on('message', (line: string) => {
      if (!this.exited) this.events.onLine(line);
    });
    // An error that escapes the worker ends it; its stack is what explains the exit.
    this.worker.on('error', (error) => this.stderr.push(`${error.stack ?? error.message}\n`));
    this.worker.on('exit', (exitCode) => this.exit({ exitCode }));
  }

  write(line: string): void {
    if (!this.exited) this.worker.postMessage(line);
  }

  /** End of input: the thread serves what it was sent and ends. */
  closeInput(): void {
    if (!this.exited) this.worker.postMessage(null);
  }

  kill(): void {
    if (!this.exited) void this.worker.terminate();
  }

  get alive(): boolean {
    return !this.exited;
  }

  private exit(info: ExitInfo): void {
    if (this.exited) return;
    this.exited = true;
    this.resolveDone(info);
    this.events.onExit(info);
  }
}
