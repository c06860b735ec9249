/**
 * Forwarding headers at the storefront's entry (issue #12 item 2): a browser cannot choose the
 * client address the throttles count, nor the host of links.
 */
import { describe, expect, it } from 'vitest';
import { compileTrust, normalizeForwarding } from './forwarded.ts';
import type { IncomingMessage } from 'node:http';

function request(remoteAddress: string, headers: Record<string, string>): IncomingMessage {
  return {
    socket: { remoteAddress },
    headers: { ...headers },
    connection: { remoteAddress },
  } as unknown as IncomingMessage;
}

describe('normalizeForwarding', () => {
  it('replaces what the browser wrote with the socket address when no proxy is trusted', () => {
    const req = request('203.0.113.7', {
      'x-forwarded-for': '1.2.3.4',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'for=1.2.3.4',
      'x-real-ip': '1.2.3.4',
      host: 'shop.example',
    });
    expect(normalizeForwarding(req, compileTrust(''))).toBe('203.0.113.7');
    expect(req.headers).toEqual({ 'x-forwarded-for': '203.0.113.7', host: 'shop.example' });
  });

  it('takes the first untrusted address of the chain behind a trusted proxy', () => {
    // The browser forged 1.2.3.4; nginx on loopback appended the real peer 198.51.100.9.
    const req = request('127.0.0.1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.9' });
    expect(normalizeForwarding(req, compileTrust('loopback'))).toBe('198.51.100.9');
    expect(req.headers['x-forwarded-for']).toBe('198.51.100.9');
  });

  it('ignores the chain when the peer is not a trusted proxy', () => {
    const req = request('::ffff:198.51.100.9', { 'x-forwarded-for': '1.2.3.4' });
    normalizeForwarding(req, compileTrust('10.0.0.0/8'));
    expect(req.headers['x-forwarded-for']).toBe('198.51.100.9');
  });

  it('refuses a malformed TRUSTED_PROXIES value', () => {
    expect(() => compileTrust('not-an-address')).toThrow();
  });
});
