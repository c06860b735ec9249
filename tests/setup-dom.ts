/** Setup of the jsdom test project: Testing Library matchers and cleanup between tests. */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetQueryClientForTests } from '@/lib/query-client';

// @react-input's masked input polls its selection with a self-renewing window.setTimeout; a focus
// without a blur in between orphans one loop for good. Timers of a test are cleared after it, so
// no loop outlives jsdom ("window is not defined" after teardown fails the run).
const pending = new Set<number>();
const setTimeoutOfWindow = window.setTimeout.bind(window);
window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
  const id: number = setTimeoutOfWindow(
    (...callArgs: unknown[]) => {
      pending.delete(id);
      if (typeof handler === 'function') (handler as (...a: unknown[]) => void)(...callArgs);
    },
    ms,
    ...args,
  );
  pending.add(id);
  return id;
}) as typeof window.setTimeout;

afterEach(() => {
  // A focused masked input (@react-input) polls its selection with setTimeout until blur; without
  // the blur the loop outlives the test and throws "window is not defined" after jsdom is gone.
  (document.activeElement as HTMLElement | null)?.blur?.();
  cleanup();
  // Islands share one query client per page load; each test is a new page load.
  resetQueryClientForTests();
  for (const id of pending) window.clearTimeout(id);
  pending.clear();
  localStorage.clear();
});
