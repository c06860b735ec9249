/**
 * Bounded concurrency with a bounded, timed queue (issue #12 item 15 "shed bursts instead of
 * stalling"). Used in front of Next in each storefront worker (storefront-server/serve.ts)
 * and in front of the shop API's routes (server/load-shed.ts).
 *
 * Without a bound, a burst of several hundred connections started several hundred renders at
 * once: each took seconds longer than the one before, clients gave up and left their sockets in
 * CLOSE-WAIT, memory grew to ~2 GB and the single database connection queued calls for 7–12 s.
 * With the gate, at most `limit` requests run; up to `queue` more wait at most `timeoutMs` for a
 * slot; the rest are refused at once, so the caller answers 503 + Retry-After in microseconds and
 * the admitted requests keep their normal speed. A waiter whose client went away is dropped
 * (`cancel`) without ever running.
 *
 * p-limit / p-queue were considered: neither refuses when its queue is full nor drops a waiter
 * after a deadline, which is the whole point here.
 */

/** Why a request was not admitted: the queue was full, or no slot freed within `timeoutMs`. */
export class GateRefusal extends Error {
  readonly reason: 'full' | 'timeout';

  constructor(reason: 'full' | 'timeout') {
    super(reason === 'full' ? 'admission queue full' : 'admission queue timeout');
    this.name = 'GateRefusal';
    this.reason = reason;
  }
}

/** A request waiting for a slot. */
interface Waiter {
  resolve: (release: () => void) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

export class AdmissionGate {
  readonly limit: number;
  readonly queueLimit: number;
  readonly timeoutMs: number;
  /** Requests holding a slot. */
  active: number;
  private readonly waiters: Set<Waiter>;
  /** Counters since start: admitted at once, admitted after waiting, refused (full / timeout). */
  readonly stats: { immediate: number; queued: number; full: number; timeout: number };

  /**
   * @param options at most `limit` holders at
   *   once (≥ 1), at most `queue` waiters (≥ 0), each waiting at most `timeoutMs` ms.
   */
  constructor({ limit, queue, timeoutMs }: { limit: number; queue: number; timeoutMs: number }) {
    this.limit = Math.max(1, Math.floor(limit));
    this.queueLimit = Math.max(0, Math.floor(queue));
    this.timeoutMs = Math.max(0, timeoutMs);
    this.active = 0;
    this.waiters = new Set();
    this.stats = { immediate: 0, queued: 0, full: 0, timeout: 0 };
  }

  /** Requests running plus waiting. */
  get load() {
    return this.active + this.waiters.size;
  }

  /**
   * A slot: resolves with its `release` function (call it exactly once, when the work is done;
   * later calls do nothing). Rejects with a `GateRefusal` when the queue is full or the wait
   * exceeded `timeoutMs`.
   * @param signal aborting it while waiting drops the waiter (rejects with the
   *   signal's reason) and frees its place in the queue.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.active < this.limit && this.waiters.size === 0) {
      this.active += 1;
      this.stats.immediate += 1;
      return Promise.resolve(this.#releaser());
    }
    if (this.waiters.size >= this.queueLimit) {
      this.stats.full += 1;
      return Promise.reject(new GateRefusal('full'));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          this.stats.timeout += 1;
          waiter.reject(new GateRefusal('timeout'));
        }, this.timeoutMs),
      };
      const onAbort = () => {
        if (!this.waiters.delete(waiter)) return;
        clearTimeout(waiter.timer);
        waiter.reject(signal?.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) {
        reject(signal.reason ?? new Error('aborted'));
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.add(waiter);
    });
  }

  #releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      // Hand the slot to the oldest waiter (a Set iterates in insertion order), else free it.
      const next = this.waiters.values().next();
      if (!next.done) {
        const waiter = next.value;
        this.waiters.delete(waiter);
        clearTimeout(waiter.timer);
        this.stats.queued += 1;
        waiter.resolve(this.#releaser());
      } else {
        this.active -= 1;
      }
    };
  }
}

/**
 * Reads a gate's sizes from the environment: `{PREFIX}_CONCURRENCY`, `{PREFIX}_QUEUE`,
 * `{PREFIX}_QUEUE_TIMEOUT_MS`; unset or invalid values take the defaults.
 * @param prefix e.g. "WEB" or "API"
 */
export function gateOptionsFromEnv(
  prefix: string,
  defaults: { limit: number; queue: number; timeoutMs: number },
  env: Record<string, string | undefined> = process.env,
): { limit: number; queue: number; timeoutMs: number } {
  const read = (name: string, fallback: number): number => {
    const n = Number(env[`${prefix}_${name}`]);
    return env[`${prefix}_${name}`] !== undefined && env[`${prefix}_${name}`] !== '' && Number.isFinite(n) && n >= 0
      ? n
      : fallback;
  };
  return {
    limit: Math.max(1, read('CONCURRENCY', defaults.limit)),
    queue: read('QUEUE', defaults.queue),
    timeoutMs: read('QUEUE_TIMEOUT_MS', defaults.timeoutMs),
  };
}
