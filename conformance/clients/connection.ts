import { encodeStart } from '../protocol/encode.js';
import type { ErrorContext, ImplementationInfo } from '../protocol/messages.js';
import type { ProtocolValidator } from '../protocol/validateProtocol.js';
import { readStarted } from './exchange.js';
import { ParticipantStartError } from './participant.js';
import { ParticipantProcess, type CommandLine, type ExitInfo, type ParticipantChannel, type ProcessEvents } from './participantProcess.js';
import { isThreadLaunch, ParticipantThread, type ThreadLaunch } from './participantThread.js';

/** How a participant is started: a command line, or a module served on a worker thread. */
export type Launch = CommandLine | ThreadLaunch;

const openChannel = (launch: Launch, events: ProcessEvents): ParticipantChannel =>
  isThreadLaunch(launch) ? new ParticipantThread(launch, events) : new ParticipantProcess(launch, events);

const describeLaunch = (launch: Launch): string => (isThreadLaunch(launch) ? `a thread of ${launch.thread}` : [launch.file, ...launch.args].join(' '));

export interface ConnectionHandlers {
  onLine(line: string): void;
  onExit(context: ErrorContext): void;
}

/** What is known of a process that ended: why, its stderr, its exit code or signal. */
export const exitContext = (command: Launch, exit: ExitInfo, stderr: string, when: string): ErrorContext => {
  const base = { ...(stderr ? { stderr } : {}), ...(exit.exitCode === undefined ? {} : { exitCode: exit.exitCode }), ...(exit.signal === undefined ? {} : { signal: exit.signal }) };
  if (exit.spawnError !== undefined) return { message: `cannot run ${describeLaunch(command)}: ${exit.spawnError}`, ...base };
  const how = exit.signal !== undefined ? `was killed by ${exit.signal}` : `exited with code ${exit.exitCode ?? '?'}`;
  return { message: `the participant ${how} ${when}`, ...base };
};

/**
 * A participant process that has answered `start`. Lines and the exit that come after the
 * handshake go to the handlers attached with `attach`; whatever arrives before they are
 * attached waits for them, so that nothing is lost between the two.
 */
export class Connection {
  private handlers: ConnectionHandlers | undefined;
  private readonly waiting: string[] = [];
  private exited: ErrorContext | undefined;

  private constructor(
    readonly process: ParticipantChannel,
    readonly info: ImplementationInfo,
  ) {}

  attach(handlers: ConnectionHandlers): void {
    this.handlers = handlers;
    for (const line of this.waiting.splice(0)) handlers.onLine(line);
    if (this.exited !== undefined) handlers.onExit(this.exited);
  }

  /** Stops listening: what the process does from now on is ignored. */
  detach(): void {
    this.handlers = { onLine: () => undefined, onExit: () => undefined };
  }

  /**
   * Spawns the command and completes the `start` handshake, or rejects with a ParticipantStartError;
   * `abandon` aborted before the handshake kills the process and rejects once it is gone.
   */
  static open(command: Launch, startTimeoutMs: number, validator: ProtocolValidator | undefined, abandon?: AbortSignal): Promise<Connection> {
    return new Promise((resolve, reject) => {
      let connection: Connection | undefined;
      let settled = false;
      const settle = (): void => {
        settled = true;
        clearTimeout(timer);
        abandon?.removeEventListener('abort', onAbandon);
      };
      const fail = (context: ErrorContext): void => {
        if (settled) return;
        settle();
        proc.kill();
        reject(new ParticipantStartError(context));
      };
      const onAbandon = (): void => {
        if (settled) return;
        settle();
        const context = { message: 'the participant was stopped before it answered start', ...(proc.stderr.text() ? { stderr: proc.stderr.text() } : {}) };
        proc.kill();
        void proc.done.then(() => reject(new ParticipantStartError(context)));
      };
      const proc: ParticipantChannel = openChannel(command, {
        onLine: (line) => {
          if (connection !== undefined) return connection.handlers ? connection.handlers.onLine(line) : void connection.waiting.push(line);
          try {
            connection = new Connection(proc, readStarted(line, validator));
            settle();
            resolve(connection);
          } catch (error) {
            fail({ message: `bad start reply: ${(error as Error).message}`, stderr: proc.stderr.text() });
          }
        },
        onExit: (exit) => {
          if (connection === undefined) return fail(exitContext(command, exit, proc.stderr.text(), 'before answering start'));
          const context = exitContext(command, exit, proc.stderr.text(), 'while running this case');
          if (connection.handlers) connection.handlers.onExit(context);
          else connection.exited = context;
        },
      });
      const timer = setTimeout(() => fail({ message: `no answer to start within ${startTimeoutMs} ms`, stderr: proc.stderr.text() }), startTimeoutMs);
      abandon?.addEventListener('abort', onAbandon);
      if (abandon?.aborted === true) return onAbandon();
      proc.write(encodeStart());
    });
  }
}
