import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface CenteredNoticeProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  color?: string;
}

/** A full-height message screen: maintenance, restricted access, not found. */
export function CenteredNotice({ icon, title, children, color }: CenteredNoticeProps) {
  return (
    <Stack align="center" justify="center" gap="md" mih="60dvh" p="xl" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function NoticeText({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" maw={480}>
      {children}
    </Text>
  );
}
