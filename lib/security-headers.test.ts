/** Security headers of the storefront (issue #12 item 8). */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security-headers';

const byKey = (headers: Array<{ key: string; value: string }>) =>
  Object.fromEntries(headers.map((h) => [h.key, h.value]));

describe('securityHeaders', () => {
  it('forbids framing and sniffing, limits referrers and features, everywhere', () => {
    const h = byKey(securityHeaders({ siteUrl: 'http://localhost:3000' }));
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['Permissions-Policy']).toMatch(/camera=\(\)/);
    expect(h['Content-Security-Policy']).toMatch(/frame-ancestors 'none'/);
    expect(h['Strict-Transport-Security']).toBeUndefined();
  });

  it('sends HSTS and upgrades requests only for an https SITE_URL', () => {
    const h = byKey(securityHeaders({ siteUrl: 'https://shop.example.ru' }));
    expect(h['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(h['Content-Security-Policy']).toMatch(/upgrade-insecure-requests/);
  });

  it('allows Yandex Metrica only with a counter, and eval only in development', () => {
    expect(contentSecurityPolicy({ siteUrl: 'http://localhost:3000' })).not.toMatch(/yandex|unsafe-eval/);
    expect(contentSecurityPolicy({ siteUrl: 'http://localhost:3000', ymId: '12345678' })).toMatch(
      /script-src [^;]*https:\/\/mc\.yandex\.ru/,
    );
    expect(contentSecurityPolicy({ siteUrl: 'http://localhost:3000', development: true })).toMatch(/'unsafe-eval'/);
    expect(contentSecurityPolicy({ siteUrl: 'http://localhost:3000' })).toMatch(/object-src 'none'/);
  });

  it("allows CDEK's widget script and the Yandex map only when the widget is configured (issue #14 item 13)", () => {
    const off = contentSecurityPolicy({ siteUrl: 'http://localhost:3000' });
    expect(off).not.toMatch(/jsdelivr|api-maps/);
    const on = contentSecurityPolicy({ siteUrl: 'http://localhost:3000', cdekWidget: true });
    expect(on).toMatch(
      /script-src [^;]*https:\/\/cdn\.jsdelivr\.net\/npm\/@cdek-it\/widget@3\.11\.1\/dist\/cdek-widget\.umd\.js/,
    );
    expect(on).not.toMatch(/script-src [^;]*https:\/\/cdn\.jsdelivr\.net[ ;]/);
    expect(on).toMatch(/connect-src [^;]*https:\/\/api-maps\.yandex\.ru/);
    expect(on).toMatch(/img-src [^;]*https:\/\/\*\.maps\.yandex\.net/);
  });
});
