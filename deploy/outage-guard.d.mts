/** Types of ./outage-guard.mjs (see its docstring). */
export const API_FAILED_KEY: unique symbol;
export const OUTAGE_WINDOW_MS: number;
export function withOutageGuard<T>(Base: T): T;
