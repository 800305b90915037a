import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/lazy-with-retry';
import { CenteredNotice, NoticeButton, NoticeText } from './centered-notice';
import { RefreshIcon } from './icons';

/** SPEC §8: "page load slow, check network", with a reload that fetches the site afresh. */
export function ChunkLoadFailed() {
  const { t } = useTranslation('system');
  return (
    <CenteredNotice icon={<RefreshIcon size={36} />} title={t('chunk_failed_title')} color="yellow">
      <NoticeText>{t('chunk_failed_text')}</NoticeText>
      <NoticeButton onClick={() => window.location.reload()}>{t('reload')}</NoticeButton>
    </CenteredNotice>
  );
}

interface State {
  error: unknown;
}

/**
 * Catches a lazy screen or modal whose code could not be loaded (after its retries) and shows
 * the slow-network message in its place. Other errors go on to the next boundary.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Not ours: the next boundary up (or React's own report) deals with it.
    if (!isChunkLoadError(error)) throw error;
    return <ChunkLoadFailed />;
  }
}
