/**
 * The reservation sweeper of the shop API (issue #13 "Reservations expire").
 *
 * Which orders hold stock: every order takes its sizes' stock at checkout. An order paid in full
 * by a gift certificate is paid at once, so only orders paid by card (`payment_method = 'card'`,
 * the only other method) wait for money. Such an order, still `new` with payment `pending` or
 * `failed`, holds its stock for RESERVATION_TTL_MINUTES (default 30) counted from its creation.
 * An operator's `confirmed` order is left alone.
 *
 * Every RESERVATION_SWEEP_SECONDS (default 30) and once at start, each API process:
 * 1. expires the due orders (`expireOrder` of order-payment.ts: the provider is asked first; an
 *    unpaid order is cancelled with «Отменён: не оплачен за 30 минут…» in its history, its stock
 *    and gift certificate part come back);
 * 2. asks the provider about orders it cancelled in the last day that still have an open payment
 *    attempt, so a payment made at the bank after expiry is found even when the shopper never
 *    returns to the confirmation page (it re-reserves, or the order is marked `refund_required`).
 *
 * Several API processes may sweep at once: every change is a conditional update on the order's
 * status, so stock is returned or taken once; at worst a provider is asked twice.
 * The stock changes are ordinary `offer_features` updates, so the database's change events see
 * them like any other; this process's catalogue index hears of them through `noteStockChanged`.
 */
import { serverEnv } from '../env';
import { logError } from './log';
import { expireOrder, syncCardPayment } from './order-payment';
import { dueOrders, expiredAwaitingPayment } from './reservation-stock';
import type { Db } from '../db/client';

/** How long after expiry the sweeper keeps asking the provider about a still-open attempt, ms. */
export const LATE_PAYMENT_WATCH_MS = 24 * 3_600_000;

/** Orders handled per sweep and list (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

/** Options of {@link sweepReservations}. */
export interface SweepOptions {
  /** The clock; tests move it instead of sleeping. */
  now?: Date;
  /** Reservation time, minutes; RESERVATION_TTL_MINUTES by default. */
  ttlMinutes?: number;
}

/** What one sweep did: order numbers by outcome. */
export interface SweepResult {
  /** Cancelled by this sweep, stock returned. */
  cancelled: string[];
  /** Found paid at the provider instead: before expiry, or late (re-reserved, or marked `refund_required`). */
  paid: string[];
  /** Provider unreachable: left for the next sweep. */
  deferred: string[];
}

/**
 * One sweep (see the module docstring). Errors of one order are logged and do not stop the rest.
 * @returns the order numbers by outcome.
 */
export async function sweepReservations(db: Db, options: SweepOptions = {}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const ttlMinutes = options.ttlMinutes ?? serverEnv.RESERVATION_TTL_MINUTES;
  const result: SweepResult = { cancelled: [], paid: [], deferred: [] };
  const due = await dueOrders(db, new Date(now.getTime() - ttlMinutes * 60_000), SWEEP_BATCH);
  for (const order of due) {
    try {
      const outcome = await expireOrder(db, order, { now, ttlMinutes });
      if (outcome !== 'kept') result[outcome].push(order.number);
    } catch (error) {
      logError('reservations', 'expire an order', error);
    }
  }
  const late = await expiredAwaitingPayment(db, new Date(now.getTime() - LATE_PAYMENT_WATCH_MS), SWEEP_BATCH);
  for (const order of late) {
    try {
      if ((await syncCardPayment(db, order)) === 'paid') result.paid.push(order.number);
    } catch (error) {
      logError('reservations', 'check a late payment', error);
    }
  }
  return result;
}

/**
 * Starts sweeping now and every `intervalMs` (a sweep never overlaps the previous one; the timer
 * does not keep the process alive). Cancellations are logged with order numbers only.
 * @param intervalMs ms between sweeps; RESERVATION_SWEEP_SECONDS × 1000 by default; 0 → no sweeper.
 * @returns stop(): no further sweeps.
 */
export function startReservationSweeper(db: Db, intervalMs = serverEnv.RESERVATION_SWEEP_SECONDS * 1000): () => void {
  if (intervalMs <= 0) return () => {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const done = await sweepReservations(db);
      if (done.cancelled.length > 0)
        console.log(`[reservations] expired unpaid orders, stock returned: ${done.cancelled.join(', ')}`);
    } catch (error) {
      logError('reservations', 'sweep', error);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
