import { describe, expect, it, vi } from 'vitest';
import { holdEarlyEvents, isAnsweredByReact } from './hold-early-events';

/** Marks an element as React's, as React does when it renders or hydrates one. */
function asReacts<T extends Element>(element: T): T {
  Object.assign(element, { __reactFiber$test: {} });
  return element;
}

function page(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById('root') as HTMLElement;
}

describe('isAnsweredByReact: whether a click on a painted page reaches a handler now', () => {
  it('is false before React has hydrated anything', () => {
    page('<header><button id="login"><span id="label">Login</span></button></header>');
    expect(isAnsweredByReact(document.getElementById('label') as Element)).toBe(false);
  });

  it('is true on an element React hydrated, and on plain content inside one', () => {
    const root = asReacts(
      page(
        '<main><button id="go">Go</button><div id="html"><a id="link" href="/x">x</a></div></main>',
      ),
    );
    asReacts(root.querySelector('main') as Element);
    asReacts(document.getElementById('go') as Element);
    asReacts(document.getElementById('html') as Element);
    expect(isAnsweredByReact(document.getElementById('go') as Element)).toBe(true);
    expect(isAnsweredByReact(document.getElementById('link') as Element)).toBe(true);
  });

  it('is false inside a Suspense boundary React has not hydrated yet, true past a closed one', () => {
    const root = asReacts(
      page(
        '<!--$--><section id="done"></section><!--/$--><!--$--><footer><button id="cs"><span id="cs-label">Live chat</span></button></footer><!--/$--><p id="after"></p>',
      ),
    );
    asReacts(document.getElementById('done') as Element);
    expect(root.contains(document.getElementById('cs-label'))).toBe(true);
    expect(isAnsweredByReact(document.getElementById('cs-label') as Element)).toBe(false);
    // A closed boundary before it does not hold an element that follows it.
    expect(isAnsweredByReact(document.getElementById('after') as Element)).toBe(true);
  });
});

describe('holdEarlyEvents: a click React cannot answer yet waits for it', () => {
  it('holds a click on a button’s icon and replays it on the button once React has it', async () => {
    page('<button id="toggle"><svg id="icon"><path id="shape"></path></svg></button>');
    const button = document.getElementById('toggle') as HTMLElement;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    holdEarlyEvents();
    const shape = document.getElementById('shape') as Element;
    shape.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(clicks).not.toHaveBeenCalled();
    asReacts(button);
    await vi.waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
  });
});
