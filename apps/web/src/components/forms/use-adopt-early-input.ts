import { type RefObject, useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/** The kinds of input a visitor types into. */
const TYPED_INPUT_TYPES: ReadonlySet<string> = new Set(['text', 'password', 'email', 'tel']);

/**
 * A form the server painted (WEB_SSR) can be typed into before its scripts run. react-hook-form
 * takes what a field holds when it registers it, but no blur reached it, so nothing was checked:
 * once React has hydrated the form, each field that holds typed text is checked as if it had
 * been left, as the visitor did. On a form the browser rendered the fields hold their defaults,
 * and nothing happens.
 */
export function useAdoptEarlyInput<Values extends FieldValues>(
  formRef: RefObject<HTMLFormElement | null>,
  form: Pick<UseFormReturn<Values>, 'getValues' | 'setValue' | 'getFieldState' | 'trigger'>,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; later input reaches the form through its own handlers.
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const typed: Path<Values>[] = [];
    for (const field of Array.from(element.elements)) {
      if (!(field instanceof HTMLInputElement) || !TYPED_INPUT_TYPES.has(field.type)) continue;
      // The value the page was painted with is the field's default; anything else was typed.
      if (field.name === '' || field.value === field.defaultValue) continue;
      const name = field.name as Path<Values>;
      if (form.getValues(name) !== field.value) {
        form.setValue(name, field.value as PathValue<Values, Path<Values>>, { shouldDirty: true });
      }
      // A default the form filled in itself (an invitation's code) is not the visitor's input.
      if (form.getFieldState(name).isDirty) typed.push(name);
    }
    if (typed.length > 0) void form.trigger(typed);
  }, []);
}
