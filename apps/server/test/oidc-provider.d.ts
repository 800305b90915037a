// oidc-provider ships no types; this is the little the tests use.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host?: string): Server;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
