import { Badge } from '@mantine/core';

/**
 * "missing: th, id": the languages the merchant offers that a game or a help article has no text
 * in (issue 22 item 15). Nothing when none is missing. The hint is the badge's title (a plain
 * attribute: a tooltip would pull its positioning library into the lists' chunks).
 */
export function MissingLanguages({
  languages,
  label,
  hint,
}: {
  languages: readonly string[];
  /** The translated "missing: {{languages}}" with the codes filled in. */
  label: (codes: string) => string;
  hint: string;
}) {
  if (languages.length === 0) return null;
  return (
    <Badge
      color="orange"
      variant="light"
      size="sm"
      tt="none"
      title={hint}
      data-testid="missing-languages"
    >
      {label(languages.map((code) => code.toLowerCase()).join(', '))}
    </Badge>
  );
}
