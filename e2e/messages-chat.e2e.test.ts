import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAndEnrol } from './support/console.js';
import { useJourney } from './support/journey.js';

/**
 * Issue 21, part A: an operator's platform message reaches a member live (the header's count,
 * without a reload) and the member reads it; two members chat while a trial account only reads;
 * an operator mutes one (the post is refused with the mute's end) and deletes a message (gone
 * for the others). The operator works in the console, the members in three browser contexts.
 */
describe('platform messages and the chat room', () => {
  const journey = useJourney('messages-chat');
  let consolePage: Page;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    // The demo merchant shows the chat room's entry (white-label switch `chat`). Nothing has
    // asked the server for the merchant yet, so its merchant cache holds nothing.
    const db = await journey.pg();
    await db.query(
      `UPDATE merchants SET white_label = white_label || '{"chat": true}'::jsonb WHERE code = 'DEMO'`,
    );
    consolePage = await journey.newPage();
    await signInAndEnrol(consolePage, journey.server.baseUrl, 'content');
  });

  const chatOf = (page: Page) => page.getByRole('dialog', { name: 'Chat room' });

  async function openChat(page: Page) {
    // The customer services group of the left bar is open from the start.
    await page.getByTestId('left-bar').getByRole('button', { name: 'Chat room' }).click();
    await chatOf(page).waitFor();
    return chatOf(page);
  }

  async function say(page: Page, text: string) {
    const chat = chatOf(page);
    await chat.getByLabel('Write a message').fill(text);
    await chat.getByRole('button', { name: 'Send' }).click();
  }

  it("an operator sends a message and the member's unread count changes live; the member reads it", async () => {
    const { page } = journey;
    const registered = await journey.registerMember(page, 'msga');
    alice = registered.username;
    const { header } = registered;
    await header.getByRole('button', { name: 'Platform messages' }).waitFor();

    await consolePage.goto(`${journey.server.baseUrl}/console/members/messages`);
    await consolePage.getByTestId('message-new').click();
    const form = consolePage.getByRole('dialog');
    await form.getByTestId('message-member').fill(alice);
    await form.getByTestId('message-title').fill('Your weekly cashback');
    await form.getByTestId('message-editor-area').click();
    await consolePage.keyboard.type('Cashback of 5% was added to your account.');
    await journey.screenshot(consolePage, 'console-send-message');
    await form.getByTestId('message-send').click();
    await form.waitFor({ state: 'detached' });
    await consolePage.getByTestId('message-row').getByText('Your weekly cashback').waitFor();
    await journey.screenshot(consolePage, 'console-messages');

    // No reload: the push over the socket moves the header's count.
    const badge = header.getByTestId('unread-badge');
    await badge.getByText('1', { exact: true }).waitFor();
    await header.getByRole('button', { name: 'Platform messages, 1 unread' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await centre.getByRole('heading', { name: 'Platform messages' }).waitFor();
    await centre.getByRole('button', { name: /Your weekly cashback/ }).click();
    await centre.getByText('Cashback of 5% was added to your account.').waitFor();
    await badge.waitFor({ state: 'detached' });
    await journey.screenshot(page, 'member-messages');
    await centre.getByRole('button', { name: 'Close' }).first().click();
    await centre.waitFor({ state: 'detached' });
    // The side menu's entry opens the same page (it opened My wallet before issue 21).
    await page.getByTestId('left-bar').getByRole('button', { name: 'Platform messages' }).click();
    await centre.getByRole('heading', { name: 'Platform messages' }).waitFor();
    await centre.getByRole('button', { name: /Your weekly cashback/ }).waitFor();
    await page.keyboard.press('Escape');
    await centre.waitFor({ state: 'detached' });
  });

  it('two members chat from two browsers while a trial account can only read', async () => {
    const { page } = journey;
    const bobPage = await journey.newPage();
    bob = (await journey.registerMember(bobPage, 'msgb')).username;
    const trialPage = await journey.newPage();
    const trial = (await journey.registerMember(trialPage, 'msgt')).username;
    const db = await journey.pg();
    await db.query(`UPDATE members SET type = 4 WHERE username = $1`, [trial]);
    await db.query(
      `UPDATE sessions SET member_type = 4 WHERE member_id = (SELECT id FROM members WHERE username = $1)`,
      [trial],
    );
    // Sessions are cached briefly by the server; its session module would send this itself.
    await db.query(
      `SELECT pg_notify('sessions_changed', 'm:' || id) FROM members WHERE username = $1`,
      [trial],
    );

    const aliceChat = await openChat(page);
    const bobChat = await openChat(bobPage);
    const trialChat = await openChat(trialPage);
    await trialChat.getByTestId('chat-trial-warning').waitFor();
    expect(await trialChat.getByLabel('Write a message').count()).toBe(0);

    await say(page, 'Hello from Alice <b>not bold</b> 🍀');
    await bobChat.getByText('Hello from Alice <b>not bold</b> 🍀').waitFor();
    await trialChat.getByText('Hello from Alice <b>not bold</b> 🍀').waitFor();
    await say(bobPage, 'Hi Alice, good luck tonight');
    await aliceChat.getByText('Hi Alice, good luck tonight').waitFor();
    await trialChat.getByText('Hi Alice, good luck tonight').waitFor();
    // Names are partly hidden (the merchant's default), never the full account name.
    expect(await aliceChat.getByTestId('chat-author').allInnerTexts()).not.toContain(bob);
    await journey.screenshot(page, 'chat-room-member');
    await journey.screenshot(trialPage, 'chat-room-trial');
  });

  it('an operator mutes a member (the post is refused with the end time) and deletes a message for everyone', async () => {
    const { page } = journey;
    await consolePage.goto(`${journey.server.baseUrl}/console/members/chat-room`);
    const rows = consolePage.getByTestId('chat-row');
    const aliceRow = rows.filter({ hasText: 'Hello from Alice' });
    await aliceRow.getByTestId('chat-mute').click();
    const muteDialog = consolePage.getByRole('dialog');
    await muteDialog.getByTestId('chat-mute-minutes').fill('10');
    await muteDialog.getByTestId('chat-mute-confirm').click();
    await muteDialog.waitFor({ state: 'detached' });
    await aliceRow.getByText(/Muted until/).waitFor();

    await say(page, 'Can anyone hear me?');
    await chatOf(page)
      .getByTestId('chat-error')
      .getByText(/You are muted until/)
      .waitFor();
    await journey.screenshot(page, 'chat-room-muted');

    const bobRow = rows.filter({ hasText: 'Hi Alice, good luck tonight' });
    await bobRow.getByTestId('chat-delete').click();
    await bobRow.getByText('Deleted').waitFor();
    await chatOf(page).getByText('Hi Alice, good luck tonight').waitFor({ state: 'detached' });
    await journey.screenshot(consolePage, 'console-chat-room');
    expect(bob).toBeTruthy();
  });
});
