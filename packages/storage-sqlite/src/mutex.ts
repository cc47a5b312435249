/**
 * A FIFO lock for the single connection. `release` hands the lock straight to
 * the next waiter, so a caller arriving in between cannot barge in.
 */
export class Mutex {
  #locked = false;
  readonly #waiters: Array<() => void> = [];

  /** True while someone holds the lock. */
  get locked(): boolean {
    return this.#locked;
  }

  /** Resolves once the caller holds the lock; the caller must `release` it. */
  acquire(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  release(): void {
    const next = this.#waiters.shift();
    if (next === undefined) this.#locked = false;
    else next();
  }
}
