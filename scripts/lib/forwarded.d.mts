/** Types of ./forwarded.mjs (see its docstring). */
import type { IncomingMessage } from 'node:http';
export function compileTrust(value: string | undefined): (addr: string, i: number) => boolean;
export function normalizeForwarding(req: IncomingMessage, trust: (addr: string, i: number) => boolean): string;
