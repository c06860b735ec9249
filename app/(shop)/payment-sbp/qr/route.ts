/**
 * GET /payment-sbp/qr?data=<СБП link> (issue #29): the QR code of an СБП payment as SVG, drawn on
 * the server (features/checkout/utils/sbp-qr.ts), so the browser bundle carries no QR library.
 * Only NSPK payment links are drawn; anything else is a 400.
 */
import { sbpQrSvg } from '@/features/checkout/utils/sbp-qr';
import type { NextRequest } from 'next/server';

/** The SVG of the QR code; cached privately for an hour (a link always draws the same picture). */
export function GET(request: NextRequest): Response {
  const svg = sbpQrSvg(request.nextUrl.searchParams.get('data') ?? '');
  if (svg === null) {
    return new Response('Некорректная ссылка СБП', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
