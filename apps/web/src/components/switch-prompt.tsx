import { Anchor, Text } from '@mantine/core';

/** "No account yet? Register now": a question and a link-styled button under a form. */
export function SwitchPrompt(props: { question: string; action: string; onClick: () => void }) {
  return (
    <Text size="sm" ta="center" c="dimmed">
      {props.question}{' '}
      <Anchor component="button" type="button" fw={600} onClick={props.onClick}>
        {props.action}
      </Anchor>
    </Text>
  );
}
