/** Why a task was not run: every slot busy and the queue full, or the wait too long. */
export class ConcurrencyBusyError extends Error {
  constructor() {
    super('too many tasks running or waiting');
    this.name = 'ConcurrencyBusyError';
  }
}

export interface ConcurrencyLimits {
  /** Tasks running at once. */
  readonly running: number;
  /** Tasks waiting for a slot; one more is refused at once. */
  readonly waiting: number;
  /** Longest wait for a slot before the task is refused. */
  readonly maxWaitMs: number;
}

/**
 * A semaphore with a bounded, timed queue: at most `running` tasks at once, at most `waiting`
 * queued (first come, first served), each waiting at most `maxWaitMs`.
 */
export class BoundedConcurrency {
  private active = 0;
  private readonly queue: { start: () => void; timer: NodeJS.Timeout }[] = [];
  /** The most tasks ever running at once (tests and diagnostics read it). */
  peak = 0;

  constructor(readonly limits: ConcurrencyLimits) {}

  /** @throws ConcurrencyBusyError when the task is refused; otherwise the task's own outcome. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limits.running) {
      this.started();
      return Promise.resolve();
    }
    if (this.queue.length >= this.limits.waiting) return Promise.reject(new ConcurrencyBusyError());
    return new Promise((resolve, reject) => {
      const slot = {
        start: () => {
          clearTimeout(slot.timer);
          this.started();
          resolve();
        },
        timer: setTimeout(() => {
          const i = this.queue.indexOf(slot);
          if (i >= 0) this.queue.splice(i, 1);
          reject(new ConcurrencyBusyError());
        }, this.limits.maxWaitMs),
      };
      this.queue.push(slot);
    });
  }

  private started(): void {
    this.active++;
    this.peak = Math.max(this.peak, this.active);
  }

  private release(): void {
    this.active--;
    this.queue.shift()?.start();
  }
}
