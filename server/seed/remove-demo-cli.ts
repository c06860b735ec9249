/**
 * `npm run demo:remove [-- --dry-run]` (issue #28 item 5): removes the generated demo goods from
 * the database named by DATABASE_URL (else the embedded PGlite in PGLITE_DIR) and prints the
 * Russian report of server/seed/remove-demo.ts. `--dry-run` reports without changing anything.
 *
 * PostgreSQL: runs beside the running shop; the deletes are change events its pages follow.
 * Embedded PGlite: only one process may open the data folder (server/db/lock.ts), so while the
 * shop runs the command refuses with a Russian message saying to stop the shop first; exit code 3.
 */
import { openDb, type DbHandle } from '../db/client';
import { serverEnv } from '../env';
import { parseCategoryMap } from '../services/catalog-import/mapping';
import { formatRemoveDemoReport, removeDemoGoods } from './remove-demo';

/** Exit code when the embedded database is held by the running shop. */
const EXIT_LOCKED = 3;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const unknown = argv.filter((a) => a !== '--dry-run');
  if (unknown.length) {
    console.error(`Неизвестный параметр ${unknown.join(' ')}. Использование: npm run demo:remove [-- --dry-run]`);
    process.exit(2);
  }
  const env = serverEnv;
  let handle: DbHandle;
  try {
    handle = await openDb(env.DATABASE_URL ?? env.PGLITE_DIR);
  } catch (error) {
    // server/db/lock.ts's DatabaseLockedError, told by name so this command works before and
    // after the lock exists in every checkout.
    if (error instanceof Error && error.name === 'DatabaseLockedError') {
      console.error(
        'Магазин сейчас запущен и держит встроенную базу данных: убрать демо-товары можно только при ' +
          'остановленном магазине.\nОстановите магазин (Ctrl+C в окне `npm start` или `systemctl stop …`), ' +
          'выполните `npm run demo:remove` и запустите магазин снова.\n' +
          'На PostgreSQL (DATABASE_URL) команда работает и при запущенном магазине.\n\n' +
          `Подробности: ${error.message}`,
      );
      process.exit(EXIT_LOCKED);
    }
    throw error;
  }
  try {
    const keepPaths = [...parseCategoryMap(env.IMPORT_CATEGORY_MAP).values()];
    const report = await removeDemoGoods(handle.db, { keepPaths, dryRun: argv.includes('--dry-run') });
    console.log(formatRemoveDemoReport(report));
    if (handle.driver === 'postgres' && !report.dryRun)
      console.log('Страницы работающего магазина обновятся в течение нескольких секунд.');
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error('Не удалось убрать демо-товары, база данных не изменена:', err);
  process.exit(1);
});
