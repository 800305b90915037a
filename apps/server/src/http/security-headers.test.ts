import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.js';

function imageSources(policy: string): string[] {
  const directive = policy.split(';').find((part) => part.trim().startsWith('img-src'));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

describe('contentSecurityPolicy', () => {
  it('lets a plain-http page time its http domain lines with an image', () => {
    expect(imageSources(contentSecurityPolicy('http'))).toContain('http:');
  });

  it('keeps an https page to https images', () => {
    const sources = imageSources(contentSecurityPolicy('https'));
    expect(sources).toContain('https:');
    expect(sources).not.toContain('http:');
  });

  it('still loads scripts only from the site itself', () => {
    expect(contentSecurityPolicy('http')).toContain("script-src 'self';");
  });
});
