import { useTranslation } from 'react-i18next';
import classes from './status-screens.module.css';

/**
 * What a lazy screen shows while its code loads: three pulsing dots. Plain markup, not Mantine's
 * Loader: it also shows while the UI kit's own code loads (app/mantine-shell.tsx).
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div
      className={fullScreen ? `${classes.loader} ${classes.loaderFullScreen}` : classes.loader}
      role="status"
      aria-label={t('loading')}
    >
      <span className={classes.dots} aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
    </div>
  );
}
