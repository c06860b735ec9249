/** Types of ./storefront-response.mjs (see its docstring). */
import { ServerResponse } from 'node:http';
export class SingleLocationResponse extends ServerResponse {}
