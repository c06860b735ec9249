/**
 * The QR code of an СБП payment as SVG (issue #29), drawn on the server with `uqr` so the browser
 * bundle carries no QR library (`server-only` makes a client import fail the build).
 */
import 'server-only';
import { renderSVG } from 'uqr';
import { isSbpPayload } from './sbp';

/** The SVG of the QR code of `data`, or null when `data` is not an NSPK payment link ({@link isSbpPayload}). */
export function sbpQrSvg(data: string): string | null {
  if (!isSbpPayload(data)) return null;
  // ECC "M" (15 %) keeps the code readable from a screen with glare; border 4 is the quiet zone.
  return renderSVG(data, { ecc: 'M', border: 4, pixelSize: 8, blackColor: '#000', whiteColor: '#fff' });
}
