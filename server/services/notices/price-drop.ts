/**
 * Price drop for favourites (issue #33 item 3, docs/notices.md): once a day, a shopper who allowed
 * advertising mail — the newsletter's confirmed subscription of the account's address, 38-ФЗ
 * art. 18 — gets one mail listing the favourites whose price fell by at least
 * {@link PRICE_DROP_SHARE} from the price they saw (`favorite_prices`: written by a trigger when
 * the favourite was added, lowered to the new price once a mail named it, so a drop is told once).
 *
 * Runs in the API process (`startPriceDropJob`, server/main.ts). Idempotent across restarts and
 * instances: a run first claims the day in `notice_jobs` with one conditional upsert (the row
 * lock decides which instance runs), and each shopper's mail is guarded by `price_drop_mails` in
 * the transaction that lowers their seen prices, so no shopper gets two mails within a day.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { serverEnv } from '../../env';
import { logError } from '../log';
import { sendMail } from '../mail';
import { priceDropMail, type PriceDropLine } from '../notice-mail';

/** A favourite is named when its price is at most (1 − 0.10) × the price seen. */
export const PRICE_DROP_SHARE = 0.1;
/** Least time between two runs of the job and between two mails to one shopper, ms. */
export const PRICE_DROP_PERIOD_MS = 24 * 3_600_000;
const JOB = 'price-drop';

/** Options of {@link runPriceDrop}. */
export interface PriceDropOptions {
  /** The clock; tests move it instead of waiting a day. */
  now?: Date;
}

/** What a run did. */
export interface PriceDropRun {
  /** False when another run (this or another instance) already ran within the period. */
  ran: boolean;
  /** Mails sent. */
  mailed: number;
}

/**
 * One run of the job (see the module docstring). A failed mail is logged and its shopper's
 * transaction rolled back, so the next day's run tells the same drop.
 */
export async function runPriceDrop(db: Db, options: PriceDropOptions = {}): Promise<PriceDropRun> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - PRICE_DROP_PERIOD_MS + 60_000).toISOString();
  const claimed = await rows<{ name: string }>(
    db,
    sql`insert into notice_jobs (name, last_run_at) values (${JOB}, ${now.toISOString()})
        on conflict (name) do update set last_run_at = excluded.last_run_at
        where notice_jobs.last_run_at <= ${since}
        returning name`,
  );
  if (claimed.length === 0) return { ran: false, mailed: 0 };
  const candidates = await rows<{ user_id: number }>(
    db,
    sql`select distinct u.id as user_id
        from users u join subscriptions s on s.email = u.email and s.active
        join favorites f on f.user_id = u.id
        join favorite_prices fp on fp.user_id = f.user_id and fp.product_id = f.product_id
        join products p on p.id = f.product_id
        where p.price <= fp.price * ${1 - PRICE_DROP_SHARE}
          and not exists (select 1 from price_drop_mails m where m.user_id = u.id and m.last_sent_at > ${since})
        order by u.id`,
  );
  let mailed = 0;
  for (const { user_id: userId } of candidates) {
    try {
      if (await mailOne(db, Number(userId), now, since)) mailed += 1;
    } catch (error) {
      logError('notices', 'price-drop mail', error);
    }
  }
  return { ran: true, mailed };
}

/** One shopper's mail, in one transaction with its guard and the lowered seen prices. */
async function mailOne(db: Db, userId: number, now: Date, since: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [guard] = await rows<{ user_id: number }>(
      tx,
      sql`insert into price_drop_mails (user_id, last_sent_at) values (${userId}, ${now.toISOString()})
          on conflict (user_id) do update set last_sent_at = excluded.last_sent_at
          where price_drop_mails.last_sent_at <= ${since}
          returning user_id`,
    );
    if (!guard) return false;
    const drops = await rows<{
      product_id: number;
      name: string;
      brand: string;
      was: string | number;
      now: string | number;
      path: string;
      email: string;
      token: string;
    }>(
      tx,
      sql`select p.id as product_id, p.name, b.name as brand, fp.price as was, p.price as now,
                 '/' || cat.path || '/' || p.id || '/' || p.slug as path, u.email, s.unsubscribe_token as token
          from favorites f join users u on u.id = f.user_id join subscriptions s on s.email = u.email and s.active
          join favorite_prices fp on fp.user_id = f.user_id and fp.product_id = f.product_id
          join products p on p.id = f.product_id join brands b on b.id = p.brand_id join categories cat on cat.id = p.category_id
          where f.user_id = ${userId} and p.price <= fp.price * ${1 - PRICE_DROP_SHARE}
          order by (fp.price - p.price) / fp.price desc, p.id
          for update of fp`,
    );
    if (drops.length === 0) return false;
    await tx.execute(
      sql`update favorite_prices fp set price = p.price from products p
          where fp.user_id = ${userId} and p.id = fp.product_id and p.price <= fp.price * ${1 - PRICE_DROP_SHARE}`,
    );
    const site = serverEnv.SITE_URL;
    const lines: PriceDropLine[] = drops.map((d) => ({
      name: d.name,
      brand: d.brand,
      was: Number(d.was),
      now: Number(d.now),
      url: `${site}${d.path}`,
    }));
    // Sent inside the transaction: a mail that failed rolls back the guard and the seen prices.
    await sendMail(priceDropMail(drops[0]!.email, lines, `${site}/unsubscribe/${drops[0]!.token}`));
    return true;
  });
}

/**
 * Starts the job: a first run a minute after start, then every `intervalMs` (default an hour);
 * each run does anything only once per {@link PRICE_DROP_PERIOD_MS} across all instances. The
 * timer does not keep the process alive.
 * @param intervalMs ms between checks; 0 → no job.
 * @returns stop().
 */
export function startPriceDropJob(db: Db, intervalMs = 3_600_000): () => void {
  if (intervalMs <= 0) return () => {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runPriceDrop(db);
    } catch (error) {
      logError('notices', 'price-drop job', error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), Math.min(60_000, intervalMs));
  first.unref();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
