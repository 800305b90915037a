import { Text } from '@mantine/core';

/** A label as the site shows it: its text in its own colour on its own background. */
export function RankPill(props: { text: string; color: string; background: string }) {
  return (
    <Text
      span
      size="xs"
      fw={700}
      px={8}
      py={2}
      style={{ color: props.color, background: props.background, borderRadius: 10 }}
    >
      {props.text}
    </Text>
  );
}
