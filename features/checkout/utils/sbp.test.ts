/**
 * СБП helpers and the QR code (issue #29): only NSPK payment links are drawn, as SVG by the
 * server; countdowns and the receipt's words.
 */
import { describe, expect, it } from 'vitest';
import { formatCountdown, isSbpPayload, msLeft, vatLabel } from './sbp';
import { sbpQrSvg } from './sbp-qr';

const QR = 'https://qr.nspk.ru/AD10006M8KH3V2P9RN1SUSTI04FAJB7R?type=02&bank=100000000022&sum=540000&cur=RUB&crc=AB12';

describe('СБП payload', () => {
  it('accepts NSPK links only', () => {
    expect(isSbpPayload(QR)).toBe(true);
    expect(isSbpPayload('https://qr.nspk.ru/AD1')).toBe(true);
    for (const bad of [
      'http://qr.nspk.ru/AD1',
      'https://qr.nspk.ru.evil.example/AD1',
      'https://evil.example/?https://qr.nspk.ru/AD1',
      'https://qr.nspk.ru/AD1?x=<script>',
      'javascript:alert(1)',
      `https://qr.nspk.ru/AD1?${'a'.repeat(600)}`,
      '',
    ])
      expect(isSbpPayload(bad), bad).toBe(false);
  });

  it('draws an SVG for a payment link (the route app/(shop)/payment-sbp/qr serves it) and nothing else', () => {
    const svg = sbpQrSvg(QR);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toContain('nspk');
    expect(sbpQrSvg('https://evil.example/')).toBeNull();
  });
});

describe('countdown and receipt words', () => {
  it('counts down to the expiry', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(msLeft('2026-11-20T10:14:05Z', now)).toBe(845_000);
    expect(msLeft('2026-11-20T09:00:00Z', now)).toBe(0);
    expect(msLeft(null, now)).toBeNull();
    expect(formatCountdown(845_000)).toBe('14:05');
    expect(formatCountdown(400)).toBe('0:01');
  });

  it('names VAT rates as receipts print them', () => {
    expect(vatLabel('none')).toBe('Без НДС');
    expect(vatLabel('22')).toBe('НДС 22%');
    expect(vatLabel('22/122')).toBe('НДС 22/122');
  });
});
