/** Types of ./private-listener.mjs (see its docstring). */
import type { Server } from 'node:http';

export function listenPrivately(server: Server): Promise<number>;
