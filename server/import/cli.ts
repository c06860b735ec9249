/**
 * `npm run import -- <file or URL>` (issue #15 "YML import"): imports a Yandex Market YML feed and
 * prints the report: created / updated / unchanged counts, every skipped offer with its reason,
 * pictures that could not be fetched. Exit code 1 with a Russian message for malformed XML
 * (nothing changed) or when the import cannot be done (below).
 *
 * One writer (issue #28 item 3, server/import/handoff.ts): on PostgreSQL (DATABASE_URL) it imports
 * directly; on the embedded PGlite (PGLITE_DIR) it imports directly when no process has the
 * folder open, hands the file to the running API over its 1C exchange when the API holds it
 * (EXCHANGE_USER / EXCHANGE_PASSWORD needed here, the same as the API's), and refuses otherwise.
 */
import { readServerEnv } from '../env';
import { ImportError, importProcessSettings } from '../services/catalog-import';
import { runImport } from './handoff';

async function main(): Promise<void> {
  const input = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!input) {
    console.error('Укажите файл или адрес YML-фида: npm run import -- feed.xml');
    process.exit(2);
  }
  const env = readServerEnv();
  const { report } = await runImport(input, env, {
    // Only a direct import opens the database in this process (see importProcessSettings).
    dbOptions: importProcessSettings(),
    force: process.argv.includes('--force'),
    log: (line) => console.error(line),
  });
  console.log(report);
}

main().catch((err: unknown) => {
  console.error(err instanceof ImportError ? `Импорт не выполнен: ${err.message}` : err);
  process.exit(1);
});
