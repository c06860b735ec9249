/**
 * One person, one address (issue #29): the canonical form of an e-mail address, used wherever the
 * shop must recognise a customer whatever spelling of their mailbox they typed — the limits of
 * promo codes (server/services/promo.ts) and the subject of a consent (server/services/consent.ts).
 * The address itself is stored and mailed as typed (lowercased); only comparisons use this form.
 *
 * Rules (docs/personal-data.md "Addresses of one person"):
 * - trimmed and lowercased (RFC 5321 lets the local part be case-sensitive; no Russian or global
 *   provider uses that);
 * - a "+tag" in the local part is dropped for every domain: Gmail, Yandex, Mail.ru, Outlook and
 *   most corporate servers deliver `name+tag@` to `name@`; where a server does not, two different
 *   people merely share a promo limit — the safe side of the error;
 * - Gmail (`gmail.com`, `googlemail.com`): dots in the local part are ignored by Google, so they
 *   are removed, and both domains are one;
 * - Yandex (`yandex.ru`, `ya.ru`, `yandex.com`, `yandex.by`, `yandex.kz`, `yandex.ua`,
 *   `narod.ru`): Yandex treats all of these domains as one mailbox and a dot in the login as a
 *   hyphen (`ivan.petrov` = `ivan-petrov`), so dots become hyphens and the domain `yandex.ru`.
 *   Dots are not simply dropped there: `ivanpetrov` is a different Yandex login.
 * Mail.ru and others are left as they are: they neither ignore dots nor alias domains.
 */

const GMAIL = new Set(['gmail.com', 'googlemail.com']);
const YANDEX = new Set(['yandex.ru', 'ya.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'narod.ru']);

/**
 * The canonical form of an address (see the module docstring), e.g.
 * `" Ivan.Petrov+shop@GoogleMail.com "` → `"ivanpetrov@gmail.com"`,
 * `"ivan.petrov+2@ya.ru"` → `"ivan-petrov@yandex.ru"`. Something without exactly one "@" is
 * returned trimmed and lowercased.
 */
export function canonicalEmail(address: string): string {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1 || value.indexOf('@') !== at) return value;
  let local = value.slice(0, at);
  let domain = value.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  } else if (YANDEX.has(domain)) {
    local = local.replace(/\./g, '-');
    domain = 'yandex.ru';
  }
  return `${local}@${domain}`;
}

/**
 * The same canonical form as {@link canonicalEmail}, as a SQL expression over a text column or
 * value, so stored addresses (orders.contact_email, users.email) compare in the database.
 * @param column a trusted SQL fragment (a column name), never user input.
 */
export function canonicalEmailSql(column: string): string {
  const v = `lower(trim(${column}))`;
  const local = `regexp_replace(split_part(${v}, '@', 1), '^([^+]+)\\+.*$', '\\1')`;
  const domain = `split_part(${v}, '@', 2)`;
  const gmail = `(${[...GMAIL].map((d) => `'${d}'`).join(', ')})`;
  const yandex = `(${[...YANDEX].map((d) => `'${d}'`).join(', ')})`;
  return `(case
    when ${v} !~ '^[^@]+@[^@]+$' then ${v}
    when ${domain} in ${gmail} then replace(${local}, '.', '') || '@gmail.com'
    when ${domain} in ${yandex} then replace(${local}, '.', '-') || '@yandex.ru'
    else ${local} || '@' || ${domain} end)`;
}
