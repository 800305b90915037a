import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { MoonIcon, SunIcon } from './icons';

interface ThemeToggleProps {
  toLightLabel: string;
  toDarkLabel: string;
}

/** Switches between the dark and light theme; Mantine keeps the choice (local `theme`). */
export function ThemeToggle({ toLightLabel, toDarkLabel }: ThemeToggleProps) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  // The stored choice shows from the second render on: a page painted by the server (WEB_SSR)
  // shows the default (dark) icon, and hydration must match it. Mantine's provider reads the
  // stored scheme in its first render already.
  const isDark = !useMounted() || scheme === 'dark';
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
