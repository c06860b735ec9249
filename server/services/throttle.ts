/**
 * Throttling of login and password reset (DESIGN.md "Auth and security": login and reset are
 * throttled) per account and per client, with a fixed window per key.
 *
 * Kept in the API process's memory: cheap, no table writes on every failure, and reset by a
 * restart. With several API instances behind PostgreSQL each instance counts on its own, so the
 * effective limit is multiplied by the number of instances (documented in the README).
 */

/** One limit: at most `max` events per `windowMs` per key. */
export interface ThrottleRule {
  max: number;
  windowMs: number;
}

/**
 * Limits of the account endpoints.
 *
 * Login (issue #12, OWASP ASVS 5.0 §6.3.1: stop brute force and credential stuffing without letting
 * an attacker lock the owner out): failures are counted per (account, client) pair and per client,
 * and refused (429) only there, so the attacker's client is stopped and the owner's is not. Failures
 * of one account from all clients together never refuse: past `loginAccountSlowdown.max` every
 * attempt on that account waits `LOGIN_SLOWDOWN_MS` first (a distributed guesser is slowed, the
 * owner's correct password still works).
 */
export const THROTTLE_RULES = {
  /** Failed logins of one account from one client: 5 per 15 minutes, then 429 for that pair. */
  loginPair: { max: 5, windowMs: 15 * 60_000 },
  /** Failed logins of one account from all clients: past 10 in 15 minutes, attempts are slowed. */
  loginAccountSlowdown: { max: 10, windowMs: 15 * 60_000 },
  /** Failed logins per client address: 20 per 15 minutes, then 429 for every account. */
  loginClient: { max: 20, windowMs: 15 * 60_000 },
  /** Reset requests per account: 3 per hour. */
  resetAccount: { max: 3, windowMs: 60 * 60_000 },
  /** Reset requests (and reset completions) per client: 10 per hour. */
  resetClient: { max: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

type Bucket = { count: number; resetAt: number };

/** Fixed-window counters keyed by "rule:key". */
export class Throttle {
  private buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True when the key has used up its limit in the current window. */
  isLimited(rule: ThrottleRule, key: string): boolean {
    const bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= this.now()) return false;
    return bucket.count >= rule.max;
  }

  /** Counts one event for the key. */
  hit(rule: ThrottleRule, key: string): void {
    const now = this.now();
    const bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      this.buckets.set(key, { count: 1, resetAt: now + rule.windowMs });
      if (this.buckets.size > 50_000) this.sweep();
      return;
    }
    bucket.count += 1;
  }

  /** Forgets the key (a successful login clears the account's failures). */
  clear(key: string): void {
    this.buckets.delete(key);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}
