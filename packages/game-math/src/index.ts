export * from './fair/random-source';
export { hmacSha256, sha256, toHex, utf8 } from './fair/sha256';
