import type { SessionStore } from './session-token';

/**
 * One login across the tabs of a browser (issue 22). The token stays in session storage (SPEC
 * §3), which a new tab does not inherit; instead, a tab without a session asks the open tabs on
 * a same-origin BroadcastChannel, and one holding a session answers with its token. The token
 * never goes to local storage or an address. A tab that starts a session tells the others (open
 * guest tabs join it); a tab whose session ends (sign-out, or the server ended it) tells them
 * too, and every tab holding that same token ends it. Loaded after the first screen (the
 * initial JavaScript has no room for it), it is handed the session store rather than importing
 * it, so that the bundler need not split the first screen's modules into shared chunks.
 */
type TabMessage =
  | { kind: 'ask' }
  | { kind: 'token'; token: string; cpw?: string | null }
  | { kind: 'signout'; token: string };

const TAB_CHANNEL_NAME = 'session';
/**
 * How long a new tab waits for an open tab's answer before it counts as a guest. Open tabs
 * answer within a few milliseconds; a frozen background tab never does, and the header shows
 * its loading placeholder meanwhile, so the wait stays short.
 */
export const TAB_JOIN_WAIT_MS = 400;

/** The cpw flag (SPEC §3) goes with the token: a forced password change follows the session. */
const CPW_KEY = 'cpw';

let store: SessionStore;
let channel: BroadcastChannel | null = null;
let known: string | null = null;
/** A change this module made from another tab's message: it is not posted back. */
let fromOtherTab = false;

function post(message: TabMessage): void {
  channel?.postMessage(message);
}

function applyFromOtherTab(change: () => void): void {
  fromOtherTab = true;
  try {
    change();
  } finally {
    fromOtherTab = false;
  }
}

function onSessionChange(): void {
  const token = store.get();
  if (token === known) return;
  const previous = known;
  known = token;
  if (fromOtherTab) return;
  if (token) post({ kind: 'token', token });
  else if (previous) post({ kind: 'signout', token: previous });
}

function onTabMessage({ data }: MessageEvent<TabMessage>): void {
  const own = store.get();
  if (data.kind === 'ask' && own) {
    post({ kind: 'token', token: own, cpw: store.read(CPW_KEY) });
  } else if (data.kind === 'token' && !own) {
    applyFromOtherTab(() => {
      if (data.cpw) store.write(CPW_KEY, data.cpw);
      store.set(data.token);
      store.joining(false);
    });
  } else if (data.kind === 'signout' && own === data.token) {
    applyFromOtherTab(store.clear);
  }
}

/** Connects this tab to the others; a tab without a session asks to join an open one. */
export function connectTabs(session: SessionStore): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  store = session;
  const own = new BroadcastChannel(TAB_CHANNEL_NAME);
  channel = own;
  own.onmessage = onTabMessage;
  known = store.get();
  const unsubscribe = store.subscribe(onSessionChange);
  if (!known) {
    store.joining(true);
    post({ kind: 'ask' });
    setTimeout(() => store.joining(false), TAB_JOIN_WAIT_MS);
  }
  return () => {
    unsubscribe();
    own.close();
    if (channel === own) channel = null;
  };
}
