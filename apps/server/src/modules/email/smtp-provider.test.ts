import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpEmailProvider, smtpConnectionOf } from './provider.js';
import { passwordResetEmail } from './templates.js';

interface Received {
  from: string;
  to: string[];
  user: string;
  raw: string;
}

/** A local SMTP server (STARTTLS with its built-in self-signed certificate, login required). */
describe('SMTP e-mail provider', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'p@ss word') {
          callback(null, { user: auth.username });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            user: String(session.user),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reads host, port, TLS and credentials from the URL', () => {
    expect(smtpConnectionOf('smtp://user:p%40ss@mail.example.com:2525')).toEqual({
      host: 'mail.example.com',
      port: 2525,
      secure: false,
      auth: { user: 'user', pass: 'p@ss' },
    });
    expect(smtpConnectionOf('smtps://mail.example.com')).toMatchObject({ port: 465, secure: true });
    expect(() => smtpConnectionOf('http://mail.example.com')).toThrow();
  });

  it('delivers the message with its recipient, subject and both bodies, after logging in', async () => {
    const provider = createSmtpEmailProvider({
      url: `smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${port}`,
      from: 'Demo Casino <no-reply@demo.example>',
      allowSelfSigned: true,
    });
    const email = passwordResetEmail({
      language: 'EN',
      siteName: 'Demo Casino',
      username: 'player1',
      link: 'https://demo.example/reset-password?token=abc',
      validMinutes: 30,
    });
    await provider.send({ merchantCode: 'DEMO', to: 'player@example.com', ...email });
    provider.close();

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.user).toBe('mailer');
    expect(message?.from).toBe('no-reply@demo.example');
    expect(message?.to).toEqual(['player@example.com']);
    expect(message?.raw).toContain('Subject: Demo Casino: reset your password');
    expect(message?.raw).toContain('To: player@example.com');
    expect(message?.raw).toContain('Content-Type: text/plain');
    expect(message?.raw).toContain('Content-Type: text/html');
    // The bodies travel quoted-printable: undo the soft line breaks and the escaped '='.
    const bodies = (message?.raw ?? '').replaceAll('=\r\n', '').replaceAll('=3D', '=');
    expect(bodies).toContain('Hello player1,');
    expect(bodies).toContain('https://demo.example/reset-password?token=abc');
    expect(bodies).toContain('<a href="https://demo.example/reset-password?token=abc">');
  });

  it('fails when the server refuses the login', async () => {
    const provider = createSmtpEmailProvider({
      url: `smtp://mailer:wrong@127.0.0.1:${port}`,
      from: 'no-reply@demo.example',
      allowSelfSigned: true,
    });
    await expect(
      provider.send({
        merchantCode: 'DEMO',
        to: 'a@example.com',
        subject: 's',
        text: 't',
        html: 'h',
      }),
    ).rejects.toThrow();
    provider.close();
  });
});
