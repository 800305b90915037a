import { TextInput } from '@mantine/core';

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * A #rrggbb colour: typed, or picked with the browser's own picker in the swatch. Mantine's
 * ColorInput is not used because bundling it moves shared code onto the console's first screen.
 */
export function ColourField(props: {
  label: string;
  value: string;
  onChange: (colour: string) => void;
  invalidText: string;
  testId?: string;
  w?: number;
}) {
  const valid = HEX_COLOUR.test(props.value);
  return (
    <TextInput
      w={props.w}
      label={props.label}
      value={props.value}
      maxLength={7}
      error={valid ? undefined : props.invalidText}
      onChange={(event) => props.onChange(event.currentTarget.value.trim())}
      data-testid={props.testId}
      leftSection={
        <input
          type="color"
          aria-label={props.label}
          value={valid ? props.value.toLowerCase() : '#000000'}
          onChange={(event) => props.onChange(event.currentTarget.value)}
          style={{ width: 22, height: 22, padding: 0, border: 0, background: 'none' }}
        />
      }
    />
  );
}
