/**
 * `npm run seed [-- --products N] [--seed S]`: seeds the database named by DATABASE_URL (else the
 * embedded PGlite in PGLITE_DIR, default .data/pglite) with the demo catalogue and prints the
 * summary. Products default to SEED_PRODUCTS, else 3000 in demo mode and 0 outside it (issue #28:
 * `--products 0` seeds only sections, content and settings). Environment via server/env.ts (the
 * only reader of process.env, DESIGN.md conventions 6).
 */
import { openDb } from '../db/client';
import { serverEnv } from '../env';
import { seedProductCount } from '../services/demo-mode';
import { seedDatabase } from './index';

/** Reads `--name N` / `--name=N` from argv as an integer ≥ `min`. */
function intArg(argv: string[], name: string, min = 1): number | undefined {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const arg = argv[i] as string;
  const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} needs an integer ≥ ${min}, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const products = intArg(argv, 'products', 0);
  const seed = intArg(argv, 'seed');
  const env = serverEnv;
  const target = env.DATABASE_URL ?? env.PGLITE_DIR;
  const handle = await openDb(target);
  try {
    const summary = await seedDatabase(handle.db, {
      products: products ?? seedProductCount(env),
      ...(seed ? { seed } : {}),
    });
    console.log(
      summary.skipped ? `Seed skipped: ${target} already has a catalogue.` : `Seeded ${target} (${handle.driver}):`,
    );
    console.table(summary);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
