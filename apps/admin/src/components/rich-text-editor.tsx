import { Box, Button, Group, Input, Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';
import classes from './rich-text-editor.module.css';

/** Links the editor inserts: a page of the site or an http(s) address (the server checks again). */
const SAFE_LINK = /^(\/(?!\/)|https?:\/\/)\S+$/i;
const SAFE_IMAGE = /^https?:\/\/\S+$/i;

type Command = { key: string; run: () => void; testId: string };

/**
 * A small rich-text editor (announcements, help articles, platform messages): a contentEditable area and a toolbar (bold, italic, headings,
 * lists, links, images by address). It edits HTML in the browser only; the server keeps what
 * its allow-list allows (`sanitize.ts`) and the saved, clean HTML is what comes back here.
 */
export function RichTextEditor({
  label,
  initialHtml,
  onChange,
  error,
  testId,
  t,
}: {
  /** The editor's texts (`editor.*` keys) in the caller's namespace. */
  t: (key: string) => string;
  label: string;
  initialHtml: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  testId?: string;
}) {
  const area = useRef<HTMLDivElement>(null);

  // The area owns its content while editing: React sets it once, never on each keystroke.
  useEffect(() => {
    if (area.current) area.current.innerHTML = initialHtml;
  }, [initialHtml]);

  const exec = (command: string, value?: string) => {
    area.current?.focus();
    document.execCommand(command, false, value);
    onChange(area.current?.innerHTML ?? '');
  };
  const ask = (promptKey: string, pattern: RegExp, command: string) => {
    const value = window.prompt(t(promptKey))?.trim();
    if (value && pattern.test(value)) exec(command, value);
  };

  const commands: Command[] = [
    { key: 'editor.bold', run: () => exec('bold'), testId: 'editor-bold' },
    { key: 'editor.italic', run: () => exec('italic'), testId: 'editor-italic' },
    { key: 'editor.heading', run: () => exec('formatBlock', 'h3'), testId: 'editor-h3' },
    { key: 'editor.subheading', run: () => exec('formatBlock', 'h4'), testId: 'editor-h4' },
    { key: 'editor.paragraph', run: () => exec('formatBlock', 'p'), testId: 'editor-p' },
    { key: 'editor.bulletList', run: () => exec('insertUnorderedList'), testId: 'editor-ul' },
    { key: 'editor.numberedList', run: () => exec('insertOrderedList'), testId: 'editor-ol' },
    {
      key: 'editor.link',
      run: () => ask('editor.linkPrompt', SAFE_LINK, 'createLink'),
      testId: 'editor-link',
    },
    {
      key: 'editor.image',
      run: () => ask('editor.imagePrompt', SAFE_IMAGE, 'insertImage'),
      testId: 'editor-image',
    },
    { key: 'editor.clear', run: () => exec('removeFormat'), testId: 'editor-clear' },
  ];

  return (
    <Input.Wrapper label={label} error={error}>
      <Paper withBorder radius="sm" className={classes.frame} data-testid={testId}>
        <Group
          gap={4}
          p={4}
          className={classes.toolbar}
          role="toolbar"
          aria-label={t('editor.label')}
        >
          {commands.map((command) => (
            <Button
              key={command.key}
              size="compact-xs"
              variant="subtle"
              // Keeps the selection in the area while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={command.run}
              data-testid={command.testId}
            >
              {t(command.key)}
            </Button>
          ))}
        </Group>
        <Box
          ref={area}
          className={classes.area}
          contentEditable
          role="textbox"
          aria-multiline
          aria-label={label}
          onInput={() => onChange(area.current?.innerHTML ?? '')}
          data-testid={testId ? `${testId}-area` : undefined}
        />
      </Paper>
    </Input.Wrapper>
  );
}
