import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nextProvider, useTranslation } from './react-bindings';
import { createInstance, type TFunction } from './translator';

function started() {
  const i18n = createInstance();
  void i18n.init({
    resources: {
      en: { common: { title: 'Lobby' }, errors: { OOPS: 'Oops' } },
      vi: { common: { title: 'Sảnh' } },
    },
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
  });
  return i18n;
}

describe('useTranslation of the site’s runtime', () => {
  it('renders again on a language change, with a new t, and not when texts are added', async () => {
    const i18n = started();
    const ts: TFunction[] = [];
    let renders = 0;
    function Title() {
      const { t } = useTranslation(['common', 'errors']);
      renders += 1;
      useEffect(() => {
        ts.push(t);
      }, [t]);
      return (
        <p>
          {t('title')} / {t('errors:OOPS')}
        </p>
      );
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Title />
      </I18nextProvider>,
    );
    expect(screen.getByText('Lobby / Oops')).toBeTruthy();

    const rendersBefore = renders;
    act(() => {
      i18n.addResourceBundle('en', 'common', { title: 'Games' }, true, true);
    });
    expect(renders).toBe(rendersBefore);

    await act(() => i18n.changeLanguage('vi'));
    expect(screen.getByText('Sảnh / Oops')).toBeTruthy();
    expect(ts).toHaveLength(2);
    expect(ts[1]).not.toBe(ts[0]);
  });

  it('keeps the same t between renders of the same language', () => {
    const i18n = started();
    const ts = new Set<TFunction>();
    function Probe({ label }: { label: string }) {
      const { t, i18n: instance } = useTranslation();
      ts.add(t);
      return (
        <p>
          {label} {t('title')} {instance.language}
        </p>
      );
    }
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <Probe label="a" />
      </I18nextProvider>,
    );
    rerender(
      <I18nextProvider i18n={i18n}>
        <Probe label="b" />
      </I18nextProvider>,
    );
    expect(screen.getByText('b Lobby en')).toBeTruthy();
    expect(ts.size).toBe(1);
  });
});
