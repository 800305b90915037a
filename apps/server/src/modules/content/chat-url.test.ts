import { describe, expect, it } from 'vitest';
import { chatUrlOf } from './chat-url.js';

const entries = [
  { csType: 'LIVECHAT' as const, path: '/helpmc#contact', title: 'Live chat' },
  { csType: 'VIP' as const, path: 'https://vip.example/chat?room=7', title: 'VIP' },
];

describe('chatUrlOf', () => {
  it('adds the chat parameters to an in-site path, keeping its anchor', () => {
    // The header colour is the SPEC's default (#262743) when the caller names none.
    expect(chatUrlOf(entries, { csType: 'LIVECHAT', language: 'VI' })).toBe(
      '/helpmc?b2c=1&title=Live+chat&language=VI&headerColor=%23262743#contact',
    );
  });

  it('keeps the query of an outside page and adds a header colour', () => {
    const url = new URL(chatUrlOf(entries, { csType: 'VIP', headerColor: '#262743' }));
    expect(url.origin).toBe('https://vip.example');
    expect(url.searchParams.get('room')).toBe('7');
    expect(url.searchParams.get('headerColor')).toBe('#262743');
  });

  it('refuses a missing entry and any other scheme', () => {
    expect(() => chatUrlOf([], { csType: 'LIVECHAT' })).toThrow();
    for (const path of ['javascript:alert(1)', '//evil.example', 'data:text/html,x']) {
      expect(() =>
        chatUrlOf([{ csType: 'LIVECHAT', path, title: 't' }], { csType: 'LIVECHAT' }),
      ).toThrow();
    }
  });
});
