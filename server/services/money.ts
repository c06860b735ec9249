/** Ruble arithmetic of the checkout (spec §9: kopecks kept, digits grouped by three). */

/** Rounds to kopecks. */
export function kopecks(rubles: number): number {
  return Math.round(rubles * 100) / 100;
}

/** "12 345 ₽" / "1 234,50 ₽" for server messages and e-mails (spec §9 price format). */
export function formatRubles(rubles: number): string {
  const [int, frac] = kopecks(rubles).toFixed(2).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${grouped}${frac === '00' ? '' : `,${frac}`} ₽`;
}
