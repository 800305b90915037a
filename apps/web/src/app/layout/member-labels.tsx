import type { MemberInfo } from '@app/contract/client';
import { Group, Text } from '@mantine/core';

/** A pill in the label's own colours. */
function Pill(props: { text: string; color: string; background: string; testId: string }) {
  return (
    <Text
      span
      size="xs"
      fw={700}
      px={8}
      py={1}
      data-testid={props.testId}
      style={{ color: props.color, background: props.background, borderRadius: 10 }}
    >
      {props.text}
    </Text>
  );
}

/** The member's club rank and the labels operators gave them (SPEC §3 member info). */
export function MemberLabels({ member }: { member: MemberInfo }) {
  const club = member.clubLabel;
  if (!club && member.memberLabel.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {club && (
        <Pill
          text={club.labelName}
          color={club.color}
          background={club.color2}
          testId="club-label"
        />
      )}
      {member.memberLabel.map((label) => (
        <Pill
          key={label.text}
          text={label.text}
          color={label.color}
          background={label.backgroundColor}
          testId="member-label"
        />
      ))}
    </Group>
  );
}
