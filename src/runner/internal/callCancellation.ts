/** What a race against a cancellation gives when the scope was cancelled first. */
export const CANCELLED: unique symbol = Symbol('cancelled');

/**
 * The cancellation of one sub-agent scope, linked to the scope that started it: cancelling a scope
 * cancels every scope started inside it, however deep. JavaScript cannot stop a promise, so a
 * cancelled scope stops waiting for its running actions and drops whatever they do afterwards.
 */
export class CallCancellation {
  private cancelled = false;
  private readonly children = new Set<CallCancellation>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly parent?: CallCancellation) {
    parent?.children.add(this);
    if (parent?.isCancelled === true) this.cancelled = true;
  }

  get isCancelled(): boolean {
    return this.cancelled;
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    for (const child of [...this.children]) child.cancel();
    for (const listener of [...this.listeners]) listener();
  }

  /** The work's value, or `CANCELLED` as soon as the scope is cancelled. */
  race<T>(work: Promise<T>): Promise<T | typeof CANCELLED> {
    if (this.cancelled) return Promise.resolve(CANCELLED);
    return new Promise((resolve, reject) => {
      const stop = (): void => resolve(CANCELLED);
      this.listeners.add(stop);
      work.then(resolve, reject).finally(() => this.listeners.delete(stop));
    });
  }

  /** Forgets the scope once it has ended, so that a long-lived caller does not keep it. */
  detach(): void {
    this.parent?.children.delete(this);
  }
}
