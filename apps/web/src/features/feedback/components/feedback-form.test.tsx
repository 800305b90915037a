import { act, fireEvent, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import FeedbackForm from './feedback-form';

async function renderForm(isLoggedIn: boolean, onLogin = () => {}) {
  await act(async () => {
    renderWithProviders(
      <Suspense fallback={null}>
        <FeedbackForm isLoggedIn={isLoggedIn} onLogin={onLogin} />
      </Suspense>,
    );
  });
}

describe('FeedbackForm', () => {
  it('sends a message of the allowed length and thanks the member', async () => {
    const fetchMock = mockApi({ '/wps/feedback': { body: { success: true, value: { id: '1' } } } });
    await renderForm(true);
    const box = await screen.findByRole('textbox', { name: 'Your message' }, { timeout: 5000 });
    const send = screen.getByRole('button', { name: 'Send feedback' });
    fireEvent.change(box, { target: { value: 'too short' } });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  The lottery page is great  ' } });
    fireEvent.click(send);
    await screen.findByText('Thank you, your feedback was sent.');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/wps/feedback'));
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ content: 'The lottery page is great' });
  });

  it('asks a guest to log in first', async () => {
    const onLogin = vi.fn();
    await renderForm(false, onLogin);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Log in to send feedback' }, { timeout: 5000 }),
    );
    expect(onLogin).toHaveBeenCalled();
  });
});
