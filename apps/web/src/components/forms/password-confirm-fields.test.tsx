import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PasswordConfirmFields } from './password-confirm-fields';

interface Values {
  secret: string;
  secretAgain: string;
}

function Harness({
  onSubmit,
  recheckConfirm,
}: {
  onSubmit: (values: Values) => void;
  recheckConfirm?: boolean;
}) {
  const form = useForm<Values>({
    defaultValues: { secret: '', secretAgain: '' },
    mode: recheckConfirm ? 'onTouched' : 'onSubmit',
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <PasswordConfirmFields
        form={form}
        passwordField="secret"
        confirmField="secretAgain"
        passwordLabel="New password"
        passwordPlaceholder="Choose one"
        confirmLabel="Confirm new password"
        toggleLabel="Show or hide the characters"
        validatePassword={(value) => value.length >= 6 || 'validation:required'}
        recheckConfirm={recheckConfirm}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('PasswordConfirmFields', () => {
  it('requires both, and the confirmation to match the password', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abcdef' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'abcdeX' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'abcdef' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit.mock.calls[0]?.[0]).toEqual({ secret: 'abcdef', secretAgain: 'abcdef' }),
    );
  });

  it('names both new-password inputs and their show buttons', () => {
    renderWithProviders(<Harness onSubmit={vi.fn()} />);
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(password.getAttribute('placeholder')).toBe('Choose one');
    expect(screen.getByLabelText('Confirm new password').getAttribute('autocomplete')).toBe(
      'new-password',
    );
    expect(screen.getAllByRole('button', { name: 'Show or hide the characters' })).toHaveLength(2);
  });

  it('checks a touched confirmation again when the password changes, if asked to', async () => {
    renderWithProviders(<Harness onSubmit={vi.fn()} recheckConfirm />);
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    fireEvent.change(password, { target: { value: 'abcdef' } });
    fireEvent.change(confirm, { target: { value: 'abcdef' } });
    fireEvent.blur(confirm);
    fireEvent.change(password, { target: { value: 'abcdefg' } });
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
  });
});
