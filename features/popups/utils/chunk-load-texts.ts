/**
 * Texts of a failed chunk load (issue #34 item 6; spec §8/§9). A module of their own: the error
 * boundaries that only reload (app/error.tsx, app/global-error.tsx) import chunk-reload.ts, and
 * every first-visit chunk that bundles a module pays for all of it (the 170 kB budget).
 */
export const CHUNK_LOAD_TEXTS = {
  /** Shown while the guarded reload is under way. */
  reloading: 'Сайт обновился. Загружаем новую версию страницы…',
  /** Shown when the reload was already tried within the last 60 s (spec §9 guard). */
  failed: 'Не удалось загрузить часть страницы: скорее всего, сайт обновился. Обновите страницу.',
  /** The button that reloads the page. */
  reload: 'Обновить страницу',
} as const;
