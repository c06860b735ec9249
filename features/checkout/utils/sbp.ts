/**
 * СБП (the fast payment system) on the payment step (issue #29): what the QR code may hold and the
 * words of a 54-ФЗ receipt as the sandbox pages show it. Pure functions, shared by the QR route
 * handler (app/(shop)/payment-sbp/qr/route.ts) and the client islands.
 */

/** The route that draws a QR code as SVG on the server (no QR library in the browser). */
export const SBP_QR_PATH = '/payment-sbp/qr';

/** Longest QR content drawn, characters (an NSPK link is about 100). */
const QR_MAX = 512;

/**
 * Whether `data` is an СБП payment link the shop may draw: an https://qr.nspk.ru/… link of the
 * NSPK format (ЮKassa's `confirmation_data`, the sandbox's imitation), nothing else — so the QR
 * route cannot be used to draw arbitrary codes under the shop's name.
 */
export function isSbpPayload(data: string): boolean {
  return data.length <= QR_MAX && /^https:\/\/qr\.nspk\.ru\/[A-Za-z0-9]{1,64}(\?[A-Za-z0-9=&%._~-]*)?$/.test(data);
}

/** The `<img src>` of the QR code of `data`. */
export function sbpQrSrc(data: string): string {
  return `${SBP_QR_PATH}?data=${encodeURIComponent(data)}`;
}

/** Milliseconds left until `expiresAt` (ISO), 0 when past; null when there is no limit. */
export function msLeft(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** A countdown as «14:05» (minutes:seconds) from milliseconds. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** VAT of a receipt line in words (54-ФЗ tag 1199). */
export function vatLabel(vat: string): string {
  return vat === 'none' ? 'Без НДС' : vat.includes('/') ? `НДС ${vat}` : `НДС ${vat}%`;
}

/** Payment subject (tag 1212) in words. */
export const SUBJECT_LABELS: Record<string, string> = { commodity: 'Товар', service: 'Услуга', payment: 'Платёж' };

/** Payment mode (tag 1214) in words. */
export const MODE_LABELS: Record<string, string> = {
  full_prepayment: 'Полная предоплата',
  advance: 'Аванс',
  full_payment: 'Полный расчёт',
};

/** Tax system (tag 1055) in words. */
export const TAX_SYSTEM_LABELS: Record<string, string> = {
  osn: 'ОСН',
  usn_income: 'УСН «доходы»',
  usn_income_outcome: 'УСН «доходы минус расходы»',
  esn: 'ЕСХН',
  patent: 'Патент',
};
