/** The part of `negotiator` (0.6, no bundled types) the feed handlers use. */
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The best of `available` for the request's Accept-Encoding; `preferred` breaks ties. */
    encoding(available?: string[], preferred?: string[]): string | undefined;
  }
}
