/**
 * Russian → Latin transliteration for URL slugs, the scheme the shop's paths use
 * ("Чёрный" → "chernyj", "Пляжная одежда" → "plyazhnaya-odezhda").
 */
const MAP: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'j',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'c',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/**
 * Turns any text into a slug: lowercase Latin letters, digits and single hyphens.
 * @example slugify('Купальник раздельный с принтом «Тропики»') === 'kupalnik-razdelnyj-s-printom-tropiki'
 */
export function slugify(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) out += MAP[ch] ?? ch;
  return out
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
