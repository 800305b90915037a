import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** A key pair of a fake identity provider, its public JWK set, and a signer of tokens. */
export async function testSigningKey(kid = 'test-key') {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return {
    kid,
    privateKey,
    jwks: { keys: [publicJwk] },
    /** A token with these claims (times in seconds); `alg` and `kid` in the header. */
    sign(claims: Record<string, unknown>, header: { alg?: string; kid?: string } = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: header.alg ?? 'RS256', kid: header.kid ?? kid })
        .sign(privateKey);
    },
  };
}

/** Serves a JSON document on 127.0.0.1 (a JWKS endpoint); answers its URL and a closer. */
export async function serveJson(body: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/jwks.json`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An unsigned token (`alg: none`), which must never be accepted. */
export function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}
