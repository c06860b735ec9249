/**
 * Links of the messenger widget (spec §1 "write to an operator or send a link to the current
 * product"; links built from the organization record's handles only).
 */
import { decodeSegments, parseCatalogPath } from '@/lib/catalog-path';

/** Operator links, already built from the organization record (null when not configured). */
export type MessengerLinks = { telegram: string | null; whatsapp: string | null; vk: string | null };

/** True when `pathname` is a product page of spec §2 ("/odezhda/platya/123/slug"). */
export function isProductPath(pathname: string): boolean {
  const [section, ...rest] = decodeSegments(pathname.split('/').filter(Boolean));
  if (!section) return false;
  return parseCatalogPath(section, rest)?.kind === 'product';
}

/**
 * Links that send `productUrl` to the operator: WhatsApp to the shop's number with the URL as the
 * message, Telegram through its share page. Only for networks the organization record has.
 */
export function productShareLinks(productUrl: string, links: MessengerLinks): { name: string; href: string }[] {
  const text = `Здравствуйте! Вопрос по товару: ${productUrl}`;
  const out: { name: string; href: string }[] = [];
  if (links.telegram) {
    out.push({
      name: 'Telegram',
      href: `https://t.me/share/url?url=${encodeURIComponent(productUrl)}&text=${encodeURIComponent('Вопрос по товару')}`,
    });
  }
  if (links.whatsapp) {
    const base = links.whatsapp.replace(/[?#].*$/, '');
    out.push({ name: 'WhatsApp', href: `${base}?text=${encodeURIComponent(text)}` });
  }
  return out;
}
