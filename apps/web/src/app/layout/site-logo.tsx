import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

/** The site's name as the header's home link. */
export function SiteLogo({ name }: { name: string }) {
  return (
    <UnstyledButton component={Link} to="/" aria-label={name}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="gradient" aria-hidden="true">
          <Text fw={700} size="lg" c="inherit" span>
            {name.slice(0, 1).toUpperCase()}
          </Text>
        </ThemeIcon>
        <Text fw={700} size="lg" visibleFrom="xs" truncate maw={200}>
          {name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
