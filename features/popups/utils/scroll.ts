/** Scroll-to-top animation (spec §2 Layout "Scroll-to-top arrow with an 800 ms eased scroll", §9). */
import { SCROLL_TO_TOP_MS } from '@/lib/constants';

/** easeInOutCubic: 0 → 0, 0.5 → 0.5, 1 → 1. @param t progress 0..1. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/**
 * Scrolls the window to the top in `duration` ms with an eased curve (instantly when the visitor
 * prefers reduced motion). @returns a function that cancels the animation.
 */
export function scrollToTopEased(duration: number = SCROLL_TO_TOP_MS): () => void {
  const start = window.scrollY;
  if (start <= 0) return () => {};
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo({ top: 0, behavior: 'instant' });
    return () => {};
  }
  const began = performance.now();
  let frame = 0;
  const step = (time: number) => {
    const t = (time - began) / duration;
    window.scrollTo({ top: Math.round(start * (1 - easeInOutCubic(t))), behavior: 'instant' });
    if (t < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
