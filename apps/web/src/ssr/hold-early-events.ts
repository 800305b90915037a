/**
 * Clicks and form submissions on a page painted by the server, before React answers them
 * (part of the start script, start-app.ts). Until the app's scripts have run, a button has no
 * handler; and React drops an event on a part it has not hydrated yet (the shell hydrates first,
 * each lazy part when its code is there). Such an event is held (its default too) and replayed
 * on the same element once React has hydrated it. After HOLD_AT_MOST_MS nothing is held any more
 * (a script that failed to load): a held event is then replayed as a plain one, so that links
 * still navigate.
 */

/** How often a held event checks whether React has hydrated its element. */
const HYDRATION_POLL_MS = 50;
/** Past this after the start, events are no longer held. */
const HOLD_AT_MOST_MS = 20_000;
/**
 * React marks every element it has rendered or hydrated with a property of this prefix (React
 * 17 to 19); an element without one is not React's yet, or is content React does not render.
 */
const REACT_ELEMENT_KEY_PREFIX = '__reactFiber$';
/** The comments React writes around a Suspense boundary's server markup. */
const BOUNDARY_START_MARKERS = new Set(['$', '$?', '$!']);
const BOUNDARY_END_MARKER = '/$';

interface HeldEvent {
  kind: 'click' | 'submit';
  element: Element;
  /** Where the element was: a part React renders anew has new elements. */
  path: number[];
}

const startedAtMs = Date.now();
let held: HeldEvent | null = null;
let pollTimer: ReturnType<typeof setInterval> | undefined;
let gaveUp = false;

function isReactElement(node: Node): boolean {
  return Object.keys(node).some((key) => key.startsWith(REACT_ELEMENT_KEY_PREFIX));
}

/** Whether a node sits in a Suspense boundary's markup, judged from its earlier siblings. */
function opensBoundaryBefore(node: Node): boolean {
  let closedBoundaries = 0;
  for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
    if (sibling.nodeType !== Node.COMMENT_NODE) continue;
    const marker = (sibling as Comment).data;
    if (marker === BOUNDARY_END_MARKER) closedBoundaries += 1;
    else if (BOUNDARY_START_MARKERS.has(marker)) {
      if (closedBoundaries === 0) return true;
      closedBoundaries -= 1;
    }
  }
  return false;
}

/**
 * Whether React answers events on this element: it is React's, or plain content (HTML of a
 * promotion) inside an element of React's; not when a boundary React has not hydrated comes
 * first on the way up, or when nothing on the way up is React's yet.
 */
export function isAnsweredByReact(element: Element): boolean {
  for (let node: Node | null = element; node && node !== document; node = node.parentNode) {
    if (isReactElement(node)) return true;
    if (opensBoundaryBefore(node)) return false;
  }
  return false;
}

function pathOf(element: Element): number[] {
  const path: number[] = [];
  for (let node = element; node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

function elementAt(path: number[]): Element | null {
  let node: Element | undefined = document.documentElement;
  for (const index of path) node = node?.children[index];
  return node ?? null;
}

/**
 * The element a held click is replayed on: the target itself, or for a part of an SVG icon (a
 * button's or a link's), the nearest HTML element around it, since SVG elements have no
 * `click()`. A click there reaches the same handlers and defaults.
 */
function clickableOf(element: Element): HTMLElement | null {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node instanceof HTMLElement) return node;
  }
  return null;
}

function holding(): boolean {
  return !gaveUp && Date.now() - startedAtMs < HOLD_AT_MOST_MS;
}

function holdEvent(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element) || !holding() || isAnsweredByReact(target)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  // The last one counts: a visitor who tapped twice meant it once.
  held = {
    kind: event.type === 'submit' ? 'submit' : 'click',
    element: target,
    path: pathOf(target),
  };
  pollTimer ??= setInterval(replayWhenAnswered, HYDRATION_POLL_MS);
}

function replayWhenAnswered(): void {
  const event = held;
  const element = event && (event.element.isConnected ? event.element : elementAt(event.path));
  if (element && holding() && !isAnsweredByReact(element)) return;
  held = null;
  clearInterval(pollTimer);
  pollTimer = undefined;
  if (!element) return;
  if (event?.kind === 'submit' && element instanceof HTMLFormElement) element.requestSubmit();
  else clickableOf(element)?.click();
}

/** Starts holding; `giveUp` replays at once and holds nothing more (the app's script failed). */
export function holdEarlyEvents(): { giveUp(): void } {
  document.addEventListener('click', holdEvent, true);
  document.addEventListener('submit', holdEvent, true);
  setTimeout(() => {
    document.removeEventListener('click', holdEvent, true);
    document.removeEventListener('submit', holdEvent, true);
  }, HOLD_AT_MOST_MS + HYDRATION_POLL_MS);
  return {
    giveUp() {
      gaveUp = true;
      replayWhenAnswered();
    },
  };
}
