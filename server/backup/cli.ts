/**
 * `npm run backup` and `npm run restore` (issue #31 item 4, docs/operations.md "Backups").
 *
 *   npm run backup [-- --dir <папка>] [--out <файл>] [--keep-days <N>]
 *   npm run restore -- <файл> [--force]
 *
 * Backup: the database of DATABASE_URL (pg_dump custom format) or of PGLITE_DIR (a .tar.gz of its
 * folder, taken by the running shop through its operator API when it holds the folder: then
 * OPERATOR_TOKEN must be set as for the shop). The file goes to `--out`, or into `--dir` (default
 * BACKUP_DIR, `.data/backups`) as `shop-<UTC time>.pglite.tar.gz` / `.pgdump`; `--keep-days N`
 * then removes that folder's backups older than N days (never the one just made). Restore: into an
 * empty database only, unless `--force`. Prints one line of figures; exit 1 with a Russian message
 * on refusal, 2 on a usage error.
 */
import path from 'node:path';
import { serverEnv } from '../env';
import { BackupError, backup, backupFileName, pruneBackups, restore } from './backup';

const USAGE =
  'Использование: npm run backup [-- --dir <папка>] [--out <файл>] [--keep-days <дней>] | ' +
  'npm run restore -- <файл копии> [--force]';

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = argv[i + 1];
  if (value === undefined || value.startsWith('--')) usage(`После --${name} нужно значение`);
  return value;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} МБ`;

async function main(): Promise<void> {
  const [command, ...argv] = process.argv.slice(2);
  const env = serverEnv;
  if (command === 'backup') {
    const dir = option(argv, 'dir') ?? env.BACKUP_DIR;
    const keepDays = option(argv, 'keep-days');
    if (keepDays !== undefined && !/^\d+$/.test(keepDays)) usage('--keep-days: целое число дней');
    const file = option(argv, 'out') ?? backupFileName(dir, env.DATABASE_URL ? 'postgres' : 'pglite');
    const result = await backup({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: env.PGLITE_DIR,
      file,
      operatorToken: env.OPERATOR_TOKEN,
    });
    const via = { api: 'через работающий магазин', folder: 'из папки базы', pg_dump: 'pg_dump' }[result.via];
    console.log(`Резервная копия: ${result.file}, ${mb(result.bytes)}, ${(result.ms / 1000).toFixed(1)} с (${via})`);
    if (keepDays !== undefined) {
      const removed = pruneBackups(path.dirname(result.file), Number(keepDays), result.file);
      if (removed.length) console.log(`Удалены копии старше ${keepDays} дн.: ${removed.join(', ')}`);
    }
    return;
  }
  if (command === 'restore') {
    const file = argv.find((a) => !a.startsWith('--'));
    if (!file) usage('Укажите файл копии');
    const result = await restore({
      file,
      databaseUrl: env.DATABASE_URL,
      pgliteDir: env.PGLITE_DIR,
      force: argv.includes('--force'),
    });
    const where = env.DATABASE_URL ? 'в базу DATABASE_URL' : `во встроенную базу ${env.PGLITE_DIR}`;
    console.log(`Восстановлено ${where} за ${(result.ms / 1000).toFixed(1)} с из ${file}`);
    if (result.movedAside) console.log(`Прежняя база сохранена в ${result.movedAside}`);
    return;
  }
  usage('Неизвестная команда');
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? `Не выполнено: ${err.message}` : err);
  process.exit(1);
});
