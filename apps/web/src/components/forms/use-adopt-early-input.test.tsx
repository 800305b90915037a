import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { useAdoptEarlyInput } from './use-adopt-early-input';

function NameForm() {
  const form = useForm<{ name: string }>({ defaultValues: { name: '' }, mode: 'onTouched' });
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, form);
  const error = form.formState.errors.name?.message;
  return (
    <form ref={formRef}>
      <input
        type="text"
        aria-label="Name"
        {...form.register('name', { validate: (value) => value.length >= 3 || 'Too short' })}
      />
      {error && <p>{error}</p>}
      <output>{form.watch('name')}</output>
    </form>
  );
}

describe('useAdoptEarlyInput: text typed into a painted form before its scripts ran', () => {
  it('is handed to the form and checked once the form is hydrated', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<NameForm />);
    // The visitor types before the scripts run: only the page's input holds it.
    (container.querySelector('input') as HTMLInputElement).value = 'ab';
    await act(async () => {
      hydrateRoot(container, <NameForm />);
    });
    expect(await screen.findByText('Too short')).toBeTruthy();
    expect(container.querySelector('output')?.textContent).toBe('ab');
    container.remove();
  });

  it('leaves a form the browser rendered alone', () => {
    render(<NameForm />);
    expect(screen.queryByText('Too short')).toBeNull();
  });
});
