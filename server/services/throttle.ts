/**
 * Throttling of login and password reset (DESIGN.md "Auth and security": login and reset are
 * throttled) per account and per client, with a fixed window per key.
 *
 * Two stores behind one interface (issue #16, docs/topology.md):
 * - {@link MemoryThrottle}: the API process's memory (`npm start`, one API process): cheap, no
 *   writes on every failure, reset by a restart;
 * - {@link RedisThrottle} (REDIS_URL set): one counter per key in Redis shared by every API
 *   instance, so failures made through any instance count against the same limit.
 */
import { reportRedisError, timed, type Redis } from './redis';

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
  /**
   * Reset requests for one address from one client: 3 per hour, then 429 for that pair (issue #29:
   * a stranger's requests no longer use up the owner's).
   */
  resetPair: { max: 3, windowMs: 60 * 60_000 },
  /**
   * Reset mails to one account: 5 per hour; past it requests still answer 200 but no mail is sent
   * (quietly: the answer must not tell whether the address has an account) and the newest link
   * already in the mailbox stays valid, so the owner is never locked out.
   */
  resetMail: { max: 5, windowMs: 60 * 60_000 },
  /** Reset requests (and reset completions) per client: 10 per hour. */
  resetClient: { max: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Fixed-window counters keyed by "rule:key" (the rule is the caller's; keys name it). Async so a
 * shared store fits behind it; a store that cannot answer lets the request through (a throttle must
 * not lock every shopper out when Redis is down) and logs it.
 */
export interface Throttle {
  /** True when the key has used up its limit in the current window. */
  isLimited(rule: ThrottleRule, key: string): Promise<boolean>;
  /** Counts one event for the key; the window starts with the key's first event. */
  hit(rule: ThrottleRule, key: string): Promise<void>;
  /** Forgets the key (a successful login clears the account's failures). */
  clear(key: string): Promise<void>;
}

type Bucket = { count: number; resetAt: number };

/** {@link Throttle} in this process's memory (at most ~50,000 live keys; expired ones are swept). */
export class MemoryThrottle implements Throttle {
  private buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = Date.now) {}

  async isLimited(rule: ThrottleRule, key: string): Promise<boolean> {
    const bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= this.now()) return false;
    return bucket.count >= rule.max;
  }

  async hit(rule: ThrottleRule, key: string): Promise<void> {
    const now = this.now();
    const bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      this.buckets.set(key, { count: 1, resetAt: now + rule.windowMs });
      if (this.buckets.size > 50_000) this.sweep();
      return;
    }
    bucket.count += 1;
  }

  async clear(key: string): Promise<void> {
    this.buckets.delete(key);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}

/**
 * {@link Throttle} in Redis: `INCR` of `<prefix><key>`, whose expiry (`PEXPIRE … NX`, set by the
 * window's first event only) ends the window, so every instance sees one count and one window.
 */
export class RedisThrottle implements Throttle {
  constructor(
    private readonly client: Redis,
    private readonly prefix = 'shop:throttle:',
  ) {}

  async isLimited(rule: ThrottleRule, key: string): Promise<boolean> {
    try {
      const count = await timed(this.client).get(this.prefix + key);
      return Number(count ?? 0) >= rule.max;
    } catch (error) {
      reportRedisError('throttle read (request let through)', error);
      return false;
    }
  }

  async hit(rule: ThrottleRule, key: string): Promise<void> {
    const name = this.prefix + key;
    try {
      await timed(this.client).multi().incr(name).pExpire(name, rule.windowMs, 'NX').exec();
    } catch (error) {
      reportRedisError('throttle count (event not counted)', error);
    }
  }

  async clear(key: string): Promise<void> {
    try {
      await timed(this.client).del(this.prefix + key);
    } catch (error) {
      reportRedisError('throttle clear', error);
    }
  }
}

/** The store of an API process: Redis when given, this process's memory otherwise. */
export function createThrottle(redis?: Redis | null): Throttle {
  return redis ? new RedisThrottle(redis) : new MemoryThrottle();
}
