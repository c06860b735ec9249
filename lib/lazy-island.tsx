'use client';

import { lazy, Suspense, type ComponentType, type JSX } from 'react';

/**
 * A client-only island whose code loads when it first renders: what
 * `next/dynamic(load, { ssr: false })` does, with React's own `lazy` and `Suspense` instead of
 * next/dynamic's runtime (its loadable, chunk-preload, CSR-bailout and async-storage modules,
 * ~2.9 kB gzip in the first visit of every page that imports next/dynamic; issue #30,
 * docs/lighthouse.md).
 *
 * Only for components that are never rendered on the server: an open popup, a widget shown
 * after cookie consent, a dropdown. For a server-rendered island keep next/dynamic, which writes
 * the island's script into the HTML so that hydration does not wait for it.
 *
 * Renders nothing while the chunk loads. A chunk that fails to load throws to the nearest error
 * boundary (features/popups ChunkErrorBoundary), as with next/dynamic.
 * @param load resolves to the component, e.g. `() => import('./help-popup').then((m) => m.HelpPopup)`
 * @returns a component taking the same props
 */
export function lazyIsland<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => JSX.Element {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function LazyIsland(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
