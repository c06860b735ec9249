/** Setup of the jsdom test project: Testing Library matchers and cleanup between tests. */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  // A focused masked input (@react-input) polls its selection with setTimeout until blur; without
  // the blur the loop outlives the test and throws "window is not defined" after jsdom is gone.
  (document.activeElement as HTMLElement | null)?.blur?.();
  cleanup();
  localStorage.clear();
});
