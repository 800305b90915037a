import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import englishDownload from '../../../locales/en/download.json';
import { mockApi, renderWithProviders } from '../../../test/render';
import { DownloadGuide } from './download-guide';

const android = {
  resourceType: 'ANDROID',
  url: 'https://play.google.com/store/apps/details?id=x',
  qrCodeUrl: null,
  labelNameEn: 'Android app',
};

describe('the add-to-home-screen guide (SPEC §2)', () => {
  beforeAll(() => {
    i18n.addResourceBundle('en', 'download', englishDownload, true, true);
  });

  it('shows four steps per platform, the QR only where the resource exists', async () => {
    const fetchMock = mockApi({
      '/wps/system/resourceQr': {
        body: {
          success: true,
          value: { resourceType: 'ANDROID', url: android.url, image: 'data:image/png;base64,AA==' },
        },
      },
    });
    renderWithProviders(<DownloadGuide resources={[android]} />);
    const steps = screen.getByRole('list', { name: 'Steps on Android' });
    expect(steps.querySelectorAll('li')).toHaveLength(4);
    expect(await screen.findByRole('img', { name: 'QR code: Android app' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('resourceType=ANDROID');

    fireEvent.click(screen.getByRole('tab', { name: 'iOS' }));
    const iosSteps = await screen.findByRole('list', { name: 'Steps on iPhone and iPad' });
    expect(iosSteps.querySelectorAll('li')).toHaveLength(4);
    expect(screen.getByText('Open this site in Safari.')).toBeTruthy();
    expect(iosSteps.querySelector('img')).toBeNull();
  });
});
