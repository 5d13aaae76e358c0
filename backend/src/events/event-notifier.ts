/**
 * Wakes the event streams when new events may be deliverable: in-process after a write request finished
 * (its transaction has committed by then), by PostgreSQL NOTIFY from any backend replica's commit, and by a
 * slow poll as a safety net (a lost LISTEN connection, a write outside a request).
 */
import type { Database } from '../db/database.js';
import { EVENT_CHANNEL } from './events.sql.js';

/** The safety-net poll; held-back events (an older transaction still running) are looked at sooner. */
export const EVENT_POLL_MS = 5_000;
export const HELD_BACK_RETRY_MS = 100;

export class EventNotifier {
  private readonly waiters = new Set<() => void>();
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;

  /** LISTEN on PostgreSQL; embedded PGlite relies on the in-process wake-ups alone. */
  async start(database: Database, onError: (error: Error) => void): Promise<void> {
    if (database.listen) this.stopListening = await database.listen(EVENT_CHANNEL, () => this.wake(), onError);
  }

  wake(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const resume of waiting) resume();
  }

  /** Resolves at the next wake-up, after `ms`, or when the notifier closes. */
  wait(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        this.waiters.delete(resume);
        resolve();
      };
      const timer = setTimeout(resume, ms);
      this.waiters.add(resume);
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake();
    await this.stopListening?.();
    this.stopListening = null;
  }
}
