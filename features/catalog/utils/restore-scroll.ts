/** Scrolls the window to `y` px after the next two frames, once restored cards are laid out. */
export function restoreScroll(y: number): void {
  requestAnimationFrame(() => requestAnimationFrame(() => window.scrollTo(0, y)));
}
