import { describe, expect, it } from 'vitest';
import { deviceClassOf, routeTemplateOf } from './web-vitals-report';

describe('routeTemplateOf', () => {
  it('keeps the site’s page paths as they are', () => {
    expect(routeTemplateOf('/')).toBe('/');
    expect(routeTemplateOf('/promotions')).toBe('/promotions');
    expect(routeTemplateOf('/play/dice')).toBe('/play/dice');
  });

  it('turns ids and tokens into :id and drops characters a template never has', () => {
    expect(routeTemplateOf('/promoDetail/123')).toBe('/promoDetail/:id');
    expect(routeTemplateOf('/reset/AbCdEfGhIjKlMnOpQrStUvWx')).toBe('/reset/:id');
    expect(routeTemplateOf('/a b/c@d')).toBe('/ab/cd');
  });

  it('is never longer than the server accepts', () => {
    expect(routeTemplateOf(`/${'abc/'.repeat(60)}`).length).toBeLessThanOrEqual(100);
  });
});

describe('deviceClassOf', () => {
  it('splits phones, tablets and desktops by viewport width', () => {
    expect(deviceClassOf(360)).toBe('mobile');
    expect(deviceClassOf(767)).toBe('mobile');
    expect(deviceClassOf(820)).toBe('tablet');
    expect(deviceClassOf(1440)).toBe('desktop');
  });
});
