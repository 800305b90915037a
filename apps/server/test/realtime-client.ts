import WebSocket from 'ws';

/** A test socket on `/ws`: every message in order, awaited one by one. */
export class RealtimeTestClient {
  readonly messages: unknown[] = [];
  private waiters: Array<() => void> = [];
  private taken = 0;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(port: number, merchantCode: string): Promise<RealtimeTestClient> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?merchant=${merchantCode}`);
    const client = new RealtimeTestClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(value: unknown): void {
    this.socket.send(JSON.stringify(value));
  }

  async next(): Promise<unknown> {
    while (this.messages.length <= this.taken) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.taken += 1;
    return this.messages[this.taken - 1];
  }

  /** Authenticates with a session token and subscribes to `topics`, waiting for both answers. */
  async signIn(token: string, topics: string[]): Promise<void> {
    this.send({ op: 'auth', token });
    this.send({ op: 'subscribe', topics });
    const authenticated = await this.next();
    const subscribed = await this.next();
    if (
      (authenticated as { op?: string }).op !== 'authenticated' ||
      (subscribed as { op?: string }).op !== 'subscribed'
    ) {
      throw new Error(`sign-in refused: ${JSON.stringify([authenticated, subscribed])}`);
    }
  }

  close(): void {
    this.socket.close();
  }
}
