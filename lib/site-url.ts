/** Absolute URLs of the storefront for canonical links and JSON-LD (server only: reads lib/env). */
import { env } from './env';

/** `absoluteUrl('/sale')` → "http://localhost:3000/sale" (origin from SITE_URL). */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${env.SITE_URL}${path.startsWith('/') ? path : `/${path}`}`;
}
