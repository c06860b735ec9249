import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` ms (the first render returns it at once), so
 * a query keyed by typed text asks only for what the shopper paused on.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
