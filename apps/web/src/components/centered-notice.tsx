import type { CSSProperties, ReactNode } from 'react';
import classes from './status-screens.module.css';

interface CenteredNoticeProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  /** A colour of Mantine's palette (`red`, `yellow`…); the theme's primary colour without one. */
  color?: string;
}

/**
 * A full-height message screen: maintenance, restricted access, not found, a failed load. Plain
 * markup, not Mantine's components: some of these screens show before the UI kit's code and
 * provider have loaded (app/mantine-shell.tsx).
 */
export function CenteredNotice({ icon, title, children, color }: CenteredNoticeProps) {
  const palette = color
    ? ({
        '--notice-light': `var(--mantine-color-${color}-light)`,
        '--notice-light-color': `var(--mantine-color-${color}-light-color)`,
      } as CSSProperties)
    : undefined;
  return (
    <div className={classes.notice}>
      <span className={classes.noticeIcon} style={palette}>
        {icon}
      </span>
      <h1 className={classes.noticeTitle}>{title}</h1>
      {children}
    </div>
  );
}

export function NoticeText({ children }: { children: ReactNode }) {
  return <p className={classes.noticeText}>{children}</p>;
}

/** The notice's action: a plain button in the theme's primary colour. */
export function NoticeButton({
  onClick,
  busy = false,
  children,
}: {
  onClick: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={classes.button}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}

/** The class of a link that looks like the notice's button. */
export const noticeButtonClass = classes.button;
