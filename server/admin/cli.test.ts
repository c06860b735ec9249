/** `npm run admin` (issue #32): the first owner from the shell, and an owner's TOTP reset. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../db/schema';
import { call, createTestApi, type TestApi } from '../test-utils';
import { runAdminCli, UsageError } from './cli';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(2);
}, 120_000);
afterAll(async () => api?.close());
const H = { 'x-admin-request': '1' };

describe('npm run admin', () => {
  it('creates the first owner with a generated password printed once, who can log in', async () => {
    const out = await runAdminCli(api.handle.db, ['create-owner', '--login', 'Anna', '--name', 'Анна Петрова'], null);
    const password = /Пароль \(показан один раз\): (\S+)/.exec(out.join('\n'))?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const login = await call(api, 'POST', '/api/admin/auth/login', { login: 'anna', password }, H);
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ role: 'owner', totpEnabled: false });
    const [row] = await api.handle.db.select().from(auditLog).where(eq(auditLog.entity, 'staff'));
    expect(row).toMatchObject({ action: 'create', staffId: null });
  });

  it('takes a piped password, refuses a short one, a taken login and bad arguments', async () => {
    const out = await runAdminCli(
      api.handle.db,
      ['create-owner', '--login', 'boris', '--name', 'Борис'],
      'Piped-password-1',
    );
    expect(out.join('\n')).not.toMatch(/Пароль/);
    expect(
      (await call(api, 'POST', '/api/admin/auth/login', { login: 'boris', password: 'Piped-password-1' }, H)).status,
    ).toBe(200);
    await expect(
      runAdminCli(api.handle.db, ['create-owner', '--login', 'vera', '--name', 'Вера'], 'short'),
    ).rejects.toThrow(UsageError);
    await expect(runAdminCli(api.handle.db, ['create-owner', '--login', 'boris', '--name', 'Б'], null)).rejects.toThrow(
      'уже занят',
    );
    await expect(runAdminCli(api.handle.db, ['create-owner', '--name', 'Б'], null)).rejects.toThrow(UsageError);
    await expect(runAdminCli(api.handle.db, ['drop-all'], null)).rejects.toThrow('Неизвестная команда');
  });

  it('resets an owner’s TOTP', async () => {
    await api.handle.db
      .update(staff)
      .set({ totpEnabled: true, totpSecret: 'JBSWY3DPEHPK3PXP' })
      .where(eq(staff.login, 'boris'));
    await runAdminCli(api.handle.db, ['reset-totp', '--login', 'boris'], null);
    const [row] = await api.handle.db.select().from(staff).where(eq(staff.login, 'boris'));
    expect(row).toMatchObject({ totpEnabled: false, totpSecret: null });
  });
});
