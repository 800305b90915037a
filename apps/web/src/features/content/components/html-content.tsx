import { Typography } from '@mantine/core';
import classes from './html-content.module.css';

/**
 * Operator HTML, already sanitized by the server when it was saved and again when it was served
 * (sanitize-html: no scripts, no event handlers, no styles), so it is rendered as it is.
 */
export function HtmlContent({ html }: { html: string }) {
  return (
    <Typography className={classes.content}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized twice on the server */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
