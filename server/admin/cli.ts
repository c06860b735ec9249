/**
 * `npm run admin -- <command>` (issue #32): the console's accounts from the shell, for the first
 * owner and for an owner locked out (docs/operator-console.md "CLI").
 *
 *   npm run admin -- create-owner --login anna --name "Анна Петрова"   # password: stdin or generated
 *   echo 'Long-password-1' | npm run admin -- create-owner --login anna --name "Анна"
 *   npm run admin -- reset-totp --login anna      # the owner sets TOTP up again at the next login
 *
 * Without a piped password a random one is generated and printed once. Works on the database
 * directly (PostgreSQL, or the PGlite folder while no shop holds it). Exit 1 with a Russian message
 * on refusal, 2 on a usage error. Every change is written to the audit log (staff: null = CLI).
 */
import { eq } from 'drizzle-orm';
import { NewPassword, StaffLogin } from '@/lib/api/contract/admin/auth';
import { openDb, type Db } from '../db/client';
import { readDbLock } from '../db/lock';
import { staff } from '../db/schema';
import { serverEnv } from '../env';
import { ApiHttpError } from '../http';
import { recordAudit } from '../services/admin/audit';
import { closeOtherSessions } from '../services/admin/sessions';
import { createStaff, generatePassword, staffByLogin } from '../services/admin/staff';

const USAGE =
  'Использование: npm run admin -- create-owner --login <логин> --name "<имя>" (пароль — из stdin или сгенерированный) | ' +
  'reset-totp --login <логин>';

/** A usage error (exit 2). */
export class UsageError extends Error {}

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

/**
 * Runs one command on `db`.
 * @param stdinPassword the password piped in (trimmed), or null to generate one.
 * @returns the lines to print.
 * @throws UsageError on bad arguments, ApiHttpError (Russian message) on refusal.
 */
export async function runAdminCli(db: Db, argv: string[], stdinPassword: string | null): Promise<string[]> {
  const [command] = argv;
  const loginArg = option(argv, 'login');
  if (command === 'create-owner') {
    const name = option(argv, 'name')?.trim();
    const login = StaffLogin.safeParse(loginArg ?? '');
    if (!login.success) throw new UsageError(login.error.issues[0]!.message);
    if (!name) throw new UsageError('Укажите --name "Имя Фамилия"');
    const generated = stdinPassword ? null : generatePassword();
    const password = NewPassword.safeParse(stdinPassword ?? generated);
    if (!password.success) throw new UsageError(password.error.issues[0]!.message);
    const row = await createStaff(db, { login: login.data, name, role: 'owner', password: password.data }, null);
    if (!row) throw new ApiHttpError(409, `Логин «${login.data}» уже занят`);
    return [
      `Владелец «${row.login}» создан (id ${row.id}).`,
      ...(generated ? [`Пароль (показан один раз): ${generated}`] : []),
      'При первом входе в /admin включите двухфакторную аутентификацию (TOTP): без неё консоль закрыта.',
    ];
  }
  if (command === 'reset-totp') {
    if (!loginArg) throw new UsageError('Укажите --login');
    const row = await staffByLogin(db, loginArg);
    if (!row) throw new ApiHttpError(404, `Сотрудника «${loginArg}» нет`);
    await db.transaction(async (tx) => {
      await tx
        .update(staff)
        .set({ totpEnabled: false, totpSecret: null, totpLastStep: null })
        .where(eq(staff.id, row.id));
      await recordAudit(tx, {
        staffId: null,
        action: 'totp-reset',
        entity: 'staff',
        entityId: row.id,
        before: { totpEnabled: row.totpEnabled },
        after: { totpEnabled: false },
      });
    });
    await closeOtherSessions(db, row.id);
    return [`TOTP сотрудника «${row.login}» сброшен; его сессии закрыты. Настройте TOTP при следующем входе.`];
  }
  throw new UsageError('Неизвестная команда');
}

async function readStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  return text === '' ? null : text;
}

async function main(): Promise<void> {
  const env = serverEnv;
  const holder = env.DATABASE_URL ? null : readDbLock(env.PGLITE_DIR);
  if (holder)
    throw new ApiHttpError(409, 'Встроенную базу держит работающий магазин: остановите его и повторите команду');
  const password = await readStdin();
  const handle = await openDb(env.DATABASE_URL ?? env.PGLITE_DIR);
  try {
    for (const line of await runAdminCli(handle.db, process.argv.slice(2), password)) console.log(line);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && /admin[\\/]cli\.ts$/.test(process.argv[1])) {
  main().catch((err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(err instanceof ApiHttpError ? `Не выполнено: ${err.message}` : err);
    process.exit(1);
  });
}
