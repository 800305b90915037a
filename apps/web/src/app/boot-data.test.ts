import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { systemStatusKey } from '../features/system/api/use-system-status';
import { localKeys, readLocal } from '../lib/storage';
import { seedBootData } from './boot-data';

function writeBootData(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'boot-data';
  element.textContent = text;
  document.head.append(element);
}

const status = { merchant: { code: 'DEMO', name: 'Demo' } };
const banners = [{ id: 1, imageUrl: '/banner.webp' }];

describe('seedBootData', () => {
  afterEach(() => document.getElementById('boot-data')?.remove());

  it('puts the status and the embedded queries under their keys and learns the merchant', () => {
    writeBootData(
      JSON.stringify({ status, queries: [[['content', 'banners', 'home', 'EN'], banners]] }),
    );
    const client = new QueryClient();
    seedBootData(client);
    expect(client.getQueryData(systemStatusKey)).toEqual(status);
    expect(client.getQueryData(['content', 'banners', 'home', 'EN'])).toEqual(banners);
    expect(readLocal(localKeys.merchantCode)).toBe('DEMO');
  });

  it('does nothing without the element or with broken JSON', () => {
    const client = new QueryClient();
    seedBootData(client);
    writeBootData('{broken');
    seedBootData(client);
    expect(client.getQueryData(systemStatusKey)).toBeUndefined();
  });
});
