/**
 * `npm run order -- <command>` (issue #29 item 4): the operator's refunds until the operator
 * console exists.
 *
 *   npm run order -- cancel LM-000123 [--reason "Покупатель передумал"]
 *   npm run order -- refund LM-000123 --line 45:1 [--line 0:1] --reason "Возврат" --key ret-0001
 *   npm run order -- refunds LM-000123
 *
 * `--line <order_item_id>:<pieces>` (0 = delivery); `--key` names the return so that running the
 * same command again never refunds twice. Prints the refunds with their 54-ФЗ receipts as JSON.
 *
 * One writer (server/db/lock.ts): on PostgreSQL or a PGlite folder nobody holds it works on the
 * database directly; while the embedded shop holds the folder it calls the shop's operator API on
 * the port in the lock (OPERATOR_TOKEN must be set here as for the shop). Exit 1 with a Russian
 * message on refusal, 2 on a usage error.
 */
import { openDb } from '../db/client';
import { readDbLock } from '../db/lock';
import { serverEnv } from '../env';
import { ApiHttpError } from '../http';
import { apiBaseUrl } from '../import/handoff';
import { cancelOrder, listRefunds, refundLines } from '../services/refunds';

const USAGE =
  'Использование: npm run order -- cancel <номер> [--reason "…"] | refund <номер> --line <строка>:<штук> ' +
  '[--line …] --reason "…" --key <ключ> | refunds <номер>';

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/** Values of a repeated `--name value` option. */
function options(argv: string[], name: string): string[] {
  const out: string[] = [];
  argv.forEach((a, i) => {
    if (a === `--${name}` && argv[i + 1] !== undefined) out.push(argv[i + 1]!);
  });
  return out;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const [command, ref] = argv;
  if (!command || !['cancel', 'refund', 'refunds'].includes(command)) usage('Неизвестная команда');
  if (!ref) usage('Укажите номер заказа, например LM-000123');
  const reason = options(argv, 'reason')[0];
  const lines = options(argv, 'line').map((l) => {
    const m = /^(\d+):(\d+)$/.exec(l);
    if (!m) usage(`Строка «${l}»: нужно <строка заказа>:<штук>, например 45:1`);
    return { orderItemId: Number(m[1]), quantity: Number(m[2]) };
  });
  const key = options(argv, 'key')[0];
  if (command === 'refund' && (lines.length === 0 || !reason || !key))
    usage('Для возврата нужны --line, --reason и --key');

  const env = serverEnv;
  const holder = env.DATABASE_URL ? null : readDbLock(env.PGLITE_DIR);
  if (holder?.port) {
    if (!env.OPERATOR_TOKEN)
      throw new ApiHttpError(
        409,
        `Встроенную базу держит работающий магазин (порт ${holder.port}): задайте OPERATOR_TOKEN, как у магазина, ` +
          'и команда выполнится через его API',
      );
    const base = `${apiBaseUrl(holder)}/api/v1/operator/orders/${encodeURIComponent(ref)}`;
    const request =
      command === 'refunds'
        ? fetch(`${base}/refunds/`, { headers: { authorization: `Bearer ${env.OPERATOR_TOKEN}` } })
        : fetch(`${base}/${command}/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${env.OPERATOR_TOKEN}`, 'content-type': 'application/json' },
            body: JSON.stringify(
              command === 'cancel'
                ? reason
                  ? { reason }
                  : {}
                : { lines: lines.map((l) => ({ order_item_id: l.orderItemId, quantity: l.quantity })), reason, key },
            ),
          });
    const res = await request;
    const json = (await res.json()) as { message?: string };
    if (!res.ok) throw new ApiHttpError(409, json.message ?? `Магазин ответил ${res.status}`);
    console.log(JSON.stringify(json, null, 2));
    return;
  }
  const handle = await openDb(env.DATABASE_URL ?? env.PGLITE_DIR);
  try {
    const db = handle.db;
    const result =
      command === 'cancel'
        ? await cancelOrder(db, ref, { reason: reason ?? 'Заказ отменён магазином', requestedBy: 'operator:cli' })
        : command === 'refund'
          ? { refund: await refundLines(db, ref, lines, { key: key!, reason: reason!, requestedBy: 'operator:cli' }) }
          : await listRefunds(db, ref);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ApiHttpError ? `Не выполнено: ${err.message}` : err);
  process.exit(1);
});
