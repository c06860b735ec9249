/** The console's guard, list query and audit helpers (issue #32) on a real database. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog } from '../../../db/schema';
import { recordAudit } from '../../../services/admin/audit';
import { createTestApi, type TestApi } from '../../../test-utils';
import { currentStaff, requireStaff } from '../guard';
import { parseListQuery, setContentRange } from '../list-query';
import { adminCall, staffSession, type TestStaff } from '../test-utils';

let api: TestApi;
let owner: TestStaff;
let manager: TestStaff;
let editor: TestStaff;

beforeAll(async () => {
  api = await createTestApi(4);
  owner = await staffSession(api, 'owner');
  manager = await staffSession(api, 'manager');
  editor = await staffSession(api, 'editor');
  // A throw-away route of the test app, guarded as a manager route.
  api.app.use('/api/admin/test-guard', requireStaff('manager'));
  api.app.all('/api/admin/test-guard', (c) => c.json({ login: currentStaff(c).login }));
  api.app.get('/api/admin/test-list', (c) => {
    const q = parseListQuery(c, z.object({ q: z.string().optional() }), ['id']);
    setContentRange(c, 'test-list', q.offset, 3, 10);
    return c.json(q);
  });
}, 120_000);
afterAll(async () => api?.close());

describe('requireStaff', () => {
  it('answers 401 without a session and with a shopper token', async () => {
    expect((await adminCall(api, null, 'GET', '/api/admin/test-guard')).status).toBe(401);
    const res = await adminCall(api, null, 'GET', '/api/admin/test-guard', undefined, {
      authorization: 'Token v1.abc.def',
      cookie: 'admin_session=not-a-real-session-token-at-all',
    });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Войдите в консоль');
  });

  it('lets the role and the owner in and keeps the editor out', async () => {
    expect((await adminCall(api, manager, 'GET', '/api/admin/test-guard')).json).toEqual({ login: manager.login });
    expect((await adminCall(api, owner, 'GET', '/api/admin/test-guard')).status).toBe(200);
    const res = await adminCall(api, editor, 'GET', '/api/admin/test-guard');
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Недостаточно прав');
  });

  it('refuses an unsafe method without X-Admin-Request', async () => {
    expect((await adminCall(api, manager, 'POST', '/api/admin/test-guard', {})).status).toBe(200);
    const res = await adminCall(api, manager, 'POST', '/api/admin/test-guard', {}, { 'x-admin-request': '' });
    expect(res.status).toBe(403);
  });

  it('stops an owner without TOTP', async () => {
    const bare = await staffSession(api, 'owner', { totp: false });
    const res = await adminCall(api, bare, 'GET', '/api/admin/test-guard');
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/двухфакторн/);
  });
});

describe('parseListQuery', () => {
  it('parses sort, range and filter and sets Content-Range', async () => {
    const res = await api.app.request(
      `/api/admin/test-list?sort=${encodeURIComponent('["id","desc"]')}&range=${encodeURIComponent('[5,9]')}&filter=${encodeURIComponent('{"q":"x"}')}`,
    );
    expect(res.headers.get('content-range')).toBe('test-list 5-7/10');
    expect(await res.json()).toEqual({ sort: { field: 'id', order: 'DESC' }, offset: 5, limit: 5, filter: { q: 'x' } });
  });

  it.each(['sort=[', 'range=[3,1]', 'filter=[1]', 'sort=["password","ASC"]', 'range={"a":1}'])(
    'answers 400 to %s',
    async (qs) => {
      const res = await api.app.request(`/api/admin/test-list?${qs}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/Некорректный параметр/);
    },
  );
});

describe('recordAudit', () => {
  it('stores the change without secrets and rolls back with its transaction', async () => {
    const id = await recordAudit(api.handle.db, {
      staffId: owner.id,
      action: 'update',
      entity: 'staff',
      entityId: 7,
      before: { name: 'A', passwordHash: 'x' },
      after: { name: 'B', at: new Date('2026-01-01T00:00:00Z') },
    });
    const [row] = await api.handle.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row).toMatchObject({
      entityId: '7',
      before: { name: 'A' },
      after: { name: 'B', at: '2026-01-01T00:00:00.000Z' },
    });
    await expect(
      api.handle.db.transaction(async (tx) => {
        await recordAudit(tx, { staffId: null, action: 'x', entity: 'rollback-test' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await api.handle.db.select().from(auditLog).where(eq(auditLog.entity, 'rollback-test'))).toEqual([]);
  });
});
