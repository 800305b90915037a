import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { MoonIcon, SunIcon } from './icons';

interface ThemeToggleProps {
  toLightLabel: string;
  toDarkLabel: string;
}

/** Switches between the dark and light theme; Mantine keeps the choice (local `theme`). */
export function ThemeToggle({ toLightLabel, toDarkLabel }: ThemeToggleProps) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  const isDark = scheme === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={isDark ? toLightLabel : toDarkLabel}
      onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
