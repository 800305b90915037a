import { describe, expect, it } from 'vitest';
import {
  APP_LAYOUT_MODULE,
  BANNER_CAROUSEL_MODULE,
  lazyChunkPreloadLinks,
  type Manifest,
} from './web-boot-data.js';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-2.js' },
  '_mantine.js': { file: 'assets/mantine-3.js' },
  [APP_LAYOUT_MODULE]: { file: 'assets/layout-4.js', imports: ['index.html', '_mantine.js'] },
  [BANNER_CAROUSEL_MODULE]: {
    file: 'assets/carousel-5.js',
    imports: ['index.html', '_react.js', '_mantine.js'],
  },
};

const hrefsOf = (links: string) => [...links.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe('lazyChunkPreloadLinks: the lazy chunks a first screen renders at once', () => {
  it('preloads each module’s chunk and its imports once, without the entry’s own chunks', () => {
    const links = lazyChunkPreloadLinks(manifest, [APP_LAYOUT_MODULE, BANNER_CAROUSEL_MODULE]);
    expect(hrefsOf(links)).toEqual([
      '/assets/layout-4.js',
      '/assets/mantine-3.js',
      '/assets/carousel-5.js',
    ]);
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/layout-4.js">');
  });

  it('skips a module the build does not have, and gives nothing without a manifest', () => {
    expect(hrefsOf(lazyChunkPreloadLinks(manifest, ['src/gone.tsx', APP_LAYOUT_MODULE]))).toEqual([
      '/assets/layout-4.js',
      '/assets/mantine-3.js',
    ]);
    expect(lazyChunkPreloadLinks(null, [APP_LAYOUT_MODULE])).toBe('');
  });
});
