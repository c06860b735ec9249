/**
 * A failed chunk load reloads the page at most once per this many ms (spec §8, §9).
 * Its own module, not lib/constants: the three error boundaries are part of every page's first
 * visit and would each carry a copy of the whole constants module for this one number (issue #7
 * JS budget).
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
