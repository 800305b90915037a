import { describe, expect, it } from 'vitest';
import { renderErrorPage, renderPlayPage, SANDBOX_PLAY_SCRIPT_PATH } from './page.js';
import { SANDBOX_PLAY_SCRIPT } from './play-script.js';

const base = {
  token: 'tok_</script><b>',
  language: 'EN' as const,
  currency: 'USD',
  balanceMinor: 123_456,
  limits: { minBetMinor: 100n, maxBetMinor: 10_000n },
  roomId: null,
  hiLoCard: null,
};

describe('sandbox play page', () => {
  it('has no inline script: its settings are a JSON data block that nothing can close', () => {
    const html = renderPlayPage({ ...base, game: 'coin-flip' });
    expect(html).toContain(`<script src="${SANDBOX_PLAY_SCRIPT_PATH}" defer></script>`);
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('tok_\\u003c/script>\\u003cb>');
    expect(html).toContain('1,234.56');
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    for (const tag of scripts) expect(tag).toMatch(/type="application\/json"|src=/);
  });

  it('speaks Vietnamese, and shows the room of a dice-duel', () => {
    const html = renderPlayPage({
      ...base,
      language: 'VI',
      game: 'dice-duel',
      roomId: 'dice-duel-2',
    });
    expect(html).toContain('Đấu Xúc Xắc');
    expect(html).toContain('Phòng Silver');
    expect(html).toContain('lang="vi"');
    expect(renderPlayPage({ ...base, game: 'hi-lo', hiLoCard: 12 })).toContain('id="card">Q<');
    expect(renderPlayPage({ ...base, game: 'lucky-wheel' })).toContain('4.7x');
  });

  it('an error page tells what went wrong and carries no script', () => {
    const html = renderErrorPage('EN', 'TOKEN_INVALID');
    expect(html).toContain('already used or has expired');
    expect(html).not.toContain('<script');
  });

  it('the script is plain text with no template holes left', () => {
    expect(SANDBOX_PLAY_SCRIPT).not.toContain('${');
    expect(() => new Function(SANDBOX_PLAY_SCRIPT)).not.toThrow();
  });
});
