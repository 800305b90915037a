import { ActionIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** A round icon link to one of the merchant's social pages, opened in a new tab. */
export function SocialIconLink({
  url,
  label,
  icon,
}: {
  url: string;
  label: string;
  icon: ReactNode;
}) {
  return (
    <ActionIcon
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      size="lg"
      radius="xl"
      aria-label={label}
      title={label}
    >
      {icon}
    </ActionIcon>
  );
}
