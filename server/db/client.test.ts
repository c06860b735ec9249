/**
 * openDb's PGlite buffer pool option (issue #15: the import CLI opens the embedded database with
 * a 16 MB pool to stay under 500 MB; the API keeps PGlite's 128 MB).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDb, rows } from './client';

const sharedBuffers = async (options?: Parameters<typeof openDb>[1]) => {
  const handle = await openDb('memory://', options);
  try {
    return (await rows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`))[0]!.shared_buffers;
  } finally {
    await handle.close();
  }
};

describe('openDb on PGlite', () => {
  it('keeps the default buffer pool, or uses the one asked for', async () => {
    expect(await sharedBuffers()).toBe('128MB');
    expect(await sharedBuffers({ pgliteSharedBuffers: '16MB' })).toBe('16MB');
  }, 120_000);
});
