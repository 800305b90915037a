import { registerFieldNames } from '@app/contract/client';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { RegisterForm } from './register-form';

const offRule = {
  enabled: false,
  required: false,
  patternId: 0,
  acceptedPattern: '',
  minLength: 0,
  maxLength: 255,
};

function settings() {
  const rules = Object.fromEntries(registerFieldNames.map((name) => [name, offRule]));
  return {
    ...rules,
    username: {
      ...offRule,
      enabled: true,
      required: true,
      patternId: 1,
      minLength: 6,
      maxLength: 16,
    },
    password: {
      ...offRule,
      enabled: true,
      required: true,
      patternId: 5,
      minLength: 6,
      maxLength: 20,
    },
  };
}

function renderForm() {
  mockApi({ '/wps/system/setting/register': { body: { success: true, value: settings() } } });
  return renderWithProviders(
    <RegisterForm mode="page" onSession={vi.fn()} onRegistered={vi.fn()} />,
  );
}

describe('RegisterForm', () => {
  it('stars the required fields and explains a broken rule with its lengths', async () => {
    renderForm();
    const username = await screen.findByRole('textbox', { name: 'Username' });

    const label = document.querySelector(`label[for="${username.id}"]`);
    expect(label?.hasAttribute('data-required-star')).toBe(true);

    fireEvent.change(username, { target: { value: '1abc' } });
    fireEvent.blur(username);

    expect(
      await screen.findByText('Please enter 6-16 letters and digits, starting with a letter'),
    ).toBeTruthy();
  });

  it('asks for every required field, a matching confirmation and the terms', async () => {
    renderForm();
    await screen.findByRole('textbox', { name: 'Username' });
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('Please agree to the terms to register')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeTruthy();
  });
});
