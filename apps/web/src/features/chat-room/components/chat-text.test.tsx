import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mergeMessages, withoutDeleted } from '../hooks/use-chat-room';
import { ChatText, isAllowedLink } from './chat-text';

describe('chat text', () => {
  it('makes links clickable only on allowed hosts (and their subdomains)', () => {
    expect(isAllowedLink('https://example.com/a', ['example.com'])).toBe(true);
    expect(isAllowedLink('https://www.example.com', ['example.com'])).toBe(true);
    expect(isAllowedLink('https://example.com.evil.io', ['example.com'])).toBe(false);
    expect(isAllowedLink('https://evil.io/example.com', ['example.com'])).toBe(false);
  });

  it('never renders markup: tags show as typed, a foreign link stays text', () => {
    render(
      <ChatText
        text={'<img src=x onerror=alert(1)> see https://example.com/x and https://evil.io'}
        linkHosts={['example.com']}
      />,
    );
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/x']);
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(document.querySelector('img')).toBeNull();
  });

  it('merges pushes and fetches by id, each once, oldest first', () => {
    const message = (id: string) => ({
      id,
      name: 'a***',
      rankLabel: null,
      house: false,
      text: id,
      sentAt: 0,
    });
    expect(
      mergeMessages(
        [message('9'), message('10')],
        [message('10'), message('11'), message('2')],
      ).map((row) => row.id),
    ).toEqual(['2', '9', '10', '11']);
  });

  it('drops, after a reconnect, what the server no longer lists within its newest page', () => {
    const message = (id: string) => ({
      id,
      name: 'a***',
      rankLabel: null,
      house: false,
      text: id,
      sentAt: 0,
    });
    const shown = ['3', '5', '6', '7', '9'].map(message);
    // 6 was deleted while away; 3 is older than the page, 9 newer (a push): both kept.
    expect(withoutDeleted(shown, ['5', '7'].map(message)).map((row) => row.id)).toEqual([
      '3',
      '5',
      '7',
      '9',
    ]);
  });
});
