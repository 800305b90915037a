import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { MoonIcon, SunIcon } from './icons';

interface ThemeToggleProps {
  toLightLabel: string;
  toDarkLabel: string;
}

/** Switches between the dark and light theme; Mantine keeps the choice (local `theme`). */
export function ThemeToggle({ toLightLabel, toDarkLabel }: ThemeToggleProps) {
  const { setColorScheme } = useMantineColorScheme();
  // Read after the first render: a page painted by the server (WEB_SSR) shows the default
  // (dark) icon, and hydration must match it before the stored choice applies.
  const scheme = useComputedColorScheme('dark', { getInitialValueInEffect: true });
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
