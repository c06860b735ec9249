/**
 * `GET /api/v1/operator/backup` (issue #31 item 4, docs/operations.md "Backups"): a consistent
 * copy of the embedded database taken by the running shop, the only process that may read its
 * folder (server/db/lock.ts); `npm run backup` calls it. PostgreSQL is copied by pg_dump instead
 * (409 here). Bearer OPERATOR_TOKEN as the other operator routes (404 without the setting).
 */
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { createRoute, z } from '@hono/zod-openapi';
import { ApiError } from '@/lib/api/contract/common';
import { gzipSnapshot, pgliteSnapshot } from '../../backup/backup';
import { ApiHttpError } from '../../http';
import { assertOperator } from './operator.handlers';
import type { ApiApp } from '../../types';

const error = (description: string) => ({ description, content: { 'application/json': { schema: ApiError } } });

export const backupRoute = createRoute({
  method: 'get',
  path: '/api/v1/operator/backup',
  tags: ['Оператор'],
  security: [{ Operator: [] }],
  summary: 'Резервная копия встроенной базы данных (.tar.gz)',
  description:
    'Копия папки встроенной базы (PGlite) после CHECKPOINT, снятая между транзакциями; ' +
    'восстанавливается командой npm run restore. Для PostgreSQL — 409: копию делает pg_dump (npm run backup).',
  responses: {
    200: {
      description: 'Архив .tar.gz папки базы',
      content: { 'application/gzip': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    401: error('Нужен ключ оператора'),
    404: error('OPERATOR_TOKEN не задан'),
    409: error('База — PostgreSQL'),
  },
});

/** Registers the backup route (after registerOperatorRoutes, which declares the Operator scheme). */
export function registerBackupRoute(app: ApiApp) {
  app.openAPIRegistry.registerPath(backupRoute);
  app.get('/api/v1/operator/backup', async (c) => {
    assertOperator(c);
    const client = (c.var.db as unknown as { $client?: unknown }).$client;
    if (!(client instanceof PGlite))
      throw new ApiHttpError(409, 'База магазина — PostgreSQL: резервную копию делает pg_dump (npm run backup)');
    const snapshot = await pgliteSnapshot(client);
    const stamp = new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replace(/:/g, '-');
    return new Response(Readable.toWeb(gzipSnapshot(snapshot)) as ReadableStream, {
      headers: {
        'content-type': 'application/gzip',
        'content-disposition': `attachment; filename="shop-${stamp}.pglite.tar.gz"`,
        'cache-control': 'no-store',
      },
    });
  });
}
