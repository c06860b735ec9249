/**
 * Demo mode and the payment sandbox (issue #12 item 3, DESIGN.md "Auth and security": demo-only
 * parts are off in production unless explicitly enabled).
 *
 * - Demo mode seeds what only a demonstration should have: the demo buyer with a published
 *   password, the demo gift certificates (README) and, unless SEED_PRODUCTS says otherwise, the
 *   3000 generated demo goods (issue #28: outside demo mode a new shop starts empty). It is on by default only while SITE_URL is a
 *   loopback address (a fresh machine's `npm start`, the tests); any public SITE_URL needs
 *   `DEMO_MODE=1`.
 * - The sandbox acquiring (server/services/payments/sandbox.ts) marks orders paid for a test card
 *   number. It is on outside production, in demo mode, or with `PAYMENT_SANDBOX=1`; otherwise card
 *   payments need a real acquirer (SBER_USERNAME/SBER_PASSWORD), and without one they answer 503.
 */
import type { ServerEnv } from '../env';

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether a URL's host is this machine (localhost, 127.0.0.0/8, [::1]). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Whether demo data (demo buyer, demo certificates) belongs in this shop. */
export function isDemoMode(env: Pick<ServerEnv, 'DEMO_MODE' | 'SITE_URL'>): boolean {
  if (env.DEMO_MODE !== undefined) return env.DEMO_MODE;
  return isLoopbackUrl(env.SITE_URL);
}

/** Demo products a new database gets in demo mode when SEED_PRODUCTS is unset. */
export const DEFAULT_DEMO_PRODUCTS = 3000;

/**
 * Issue #28 "Start empty": how many demo products a new database is seeded with. An explicit
 * SEED_PRODUCTS wins (0 = no demo goods: sections, content and settings only); unset, demo mode
 * gets {@link DEFAULT_DEMO_PRODUCTS} and a shop outside demo mode (`DEMO_MODE=0`, or a public
 * SITE_URL without `DEMO_MODE=1`) starts with none, ready for its own catalogue.
 * @returns a product count, 0..200 000.
 */
export function seedProductCount(env: Pick<ServerEnv, 'SEED_PRODUCTS' | 'DEMO_MODE' | 'SITE_URL'>): number {
  if (env.SEED_PRODUCTS !== undefined) return env.SEED_PRODUCTS;
  return isDemoMode(env) ? DEFAULT_DEMO_PRODUCTS : 0;
}

/** Whether the built-in sandbox acquiring may take card payments. */
export function isPaymentSandboxEnabled(
  env: Pick<ServerEnv, 'PAYMENT_SANDBOX' | 'DEMO_MODE' | 'SITE_URL' | 'NODE_ENV'>,
): boolean {
  if (env.PAYMENT_SANDBOX !== undefined) return env.PAYMENT_SANDBOX;
  return env.NODE_ENV !== 'production' || isDemoMode(env);
}

/**
 * Start-up warnings for a production API with demo parts on: printed loudly by server/main.ts.
 * @returns lines to print, none when nothing demo-only is on in production.
 */
export function demoWarnings(env: ServerEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const lines: string[] = [];
  if (isPaymentSandboxEnabled(env) && !(env.SBER_USERNAME && env.SBER_PASSWORD)) {
    lines.push(
      `THE PAYMENT SANDBOX IS ON: any test card marks an order paid, no money is taken (${env.PAYMENT_SANDBOX ? 'PAYMENT_SANDBOX=1' : `demo mode, SITE_URL ${env.SITE_URL}`}).`,
    );
  }
  if (isDemoMode(env) && !isLoopbackUrl(env.SITE_URL)) {
    lines.push(
      'DEMO MODE IS ON for a public SITE_URL: a new database gets the demo buyer (published password) and demo gift certificates.',
    );
  }
  return lines;
}
