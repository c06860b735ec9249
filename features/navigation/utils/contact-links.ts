/**
 * Contact and messenger links built from the organization's stored handles only (spec §9
 * "Messenger links are built from stored social handles only"). A stored value may be a full URL
 * (used as is) or a handle / phone number (turned into the network's URL).
 */

const isUrl = (value: string) => /^https?:\/\//i.test(value);
const handle = (value: string) => value.trim().replace(/^@/, '');

/** Telegram: "@lumiere" → "https://t.me/lumiere"; null for an empty value. */
export function telegramHref(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  return isUrl(value) ? value : `https://t.me/${handle(value)}`;
}

/** WhatsApp: "+7 (999) 123-45-67" → "https://wa.me/79991234567"; null for no digits. */
export function whatsappHref(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  if (isUrl(value)) return value;
  const digits = value.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits.replace(/^8(?=\d{10}$)/, '7')}` : null;
}

/** VK: "lumiere" → "https://vk.com/lumiere". */
export function vkHref(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  return isUrl(value) ? value : `https://vk.com/${handle(value)}`;
}

/** Instagram: "lumiere" → "https://instagram.com/lumiere". */
export function instagramHref(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  return isUrl(value) ? value : `https://instagram.com/${handle(value)}`;
}

/** Phone: "8 (800) 555-35-35" → "tel:+78005553535"; null for no digits. */
export function phoneHref(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  if (!digits) return null;
  return `tel:+${digits.replace(/^8(?=\d{10}$)/, '7')}`;
}
