import { Group, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The site's name as the header's home link. On the narrowest phones the name is only read
 * out (not shown), so the link always has the name as its text.
 */
export function SiteLogo({ name }: { name: string }) {
  return (
    <UnstyledButton component={Link} to="/">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="gradient" aria-hidden="true">
          <Text fw={700} size="lg" c="inherit" span aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </Text>
        </ThemeIcon>
        <Text fw={700} size="lg" visibleFrom="xs" truncate maw={200}>
          {name}
        </Text>
        <VisuallyHidden hiddenFrom="xs">{name}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}
