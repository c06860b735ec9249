/**
 * `npm run import -- <file or URL>` (issue #15 "YML import"): imports a Yandex Market YML feed
 * into the database named by DATABASE_URL (else the embedded PGlite in PGLITE_DIR) and prints the
 * report: created / updated / unchanged counts, every skipped offer with its reason, pictures that
 * could not be fetched. Exit code 1 with a Russian message for malformed XML (nothing changed).
 *
 * PGlite belongs to one process (DESIGN.md "Database"): stop the API before importing into the
 * embedded database, or use PostgreSQL, or the 1C exchange of the running API.
 */
import { openDb } from '../db/client';
import { readServerEnv } from '../env';
import {
  formatReport,
  ImportError,
  importProcessSettings,
  importYml,
  writerOptionsFromEnv,
} from '../services/catalog-import';

async function main(): Promise<void> {
  const input = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!input) {
    console.error('Укажите файл или адрес YML-фида: npm run import -- feed.xml');
    process.exit(2);
  }
  const dbOptions = importProcessSettings();
  const env = readServerEnv();
  const handle = await openDb(env.DATABASE_URL ?? env.PGLITE_DIR, dbOptions);
  try {
    const report = await importYml(handle.db, input, writerOptionsFromEnv(env));
    console.log(formatReport(report));
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ImportError ? `Импорт не выполнен: ${err.message}` : err);
  process.exit(1);
});
