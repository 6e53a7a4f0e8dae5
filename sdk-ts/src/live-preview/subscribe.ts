// The site's half of the handshake and the change stream (docs/live-preview.md, steps 1–4 and 6).
// Messages are accepted only from the admin's exact origin AND from the window that frames the page:
// another frame or tab of the same origin, or a page of any other origin, is ignored without a word.
import { currentWindow, isFramed, type MessageEventLike, type WindowLike } from './browser.js';
import { checkOrigin } from './origin.js';
import { isProtocolMessage, type ChangeMessage, type PreviewItem, type SourceMap, type WelcomeMessage } from './protocol.js';

export interface ChangeContext {
  readonly sourceMap: SourceMap;
  readonly seq: number;
}

export interface SubscribeOptions {
  /** The admin's origin, exactly (`https://admin.example.com`). */
  readonly origin: string;
  /** Re-render the page from `item`; the admin hears `rendered` once the returned promise settles. */
  readonly onChange: (item: PreviewItem, context: ChangeContext) => void | Promise<void>;
  /** After a save, an autosave or a publish. Default: reload the page (it reads the API again). */
  readonly onRefresh?: (reason: 'save' | 'autosave' | 'publish') => void;
  /** The admin answered the page's hello: the item, version and locale it edits. */
  readonly onWelcome?: (welcome: WelcomeMessage) => void;
  /** The window to listen on (default: the page's own); for tests. */
  readonly window?: WindowLike;
}

/**
 * Says hello to the admin that frames the page and hands `onChange` each draft the editor types.
 * Not framed (or not in a browser): does nothing. Returns a function that stops listening.
 */
export function subscribe(options: SubscribeOptions): () => void {
  const origin = checkOrigin(options.origin);
  const win = options.window ?? currentWindow();
  if (!win || !isFramed(win)) return () => {};
  const parent = win.parent;

  // Draft values are applied only after the admin's welcome: the admin never sends them earlier,
  // and this keeps a stray message from painting anything before the handshake.
  let welcomed = false;
  // Changes are applied one at a time; while one renders, only the newest waiting one is kept (each
  // carries the whole item, so it covers those it replaced, and they are reported rendered with it).
  let rendering = false;
  let waiting: ChangeMessage | null = null;
  let superseded: number[] = [];
  let stopped = false;

  const post = (message: object) => parent.postMessage(message, origin);
  const hello = () => post({ verso: 1, type: 'hello' });

  const render = async (change: ChangeMessage) => {
    rendering = true;
    let next: ChangeMessage | null = change;
    while (next && !stopped) {
      const current = next;
      const covered = superseded;
      superseded = [];
      try {
        await options.onChange(current.item, { sourceMap: current.sourceMap ?? {}, seq: current.seq });
      } catch (error) {
        // The page stays as it was; the admin still hears the change was handled, so it never waits forever.
        console.error('verso live preview: onChange failed', error);
      }
      for (const seq of [...covered, current.seq]) post({ verso: 1, type: 'rendered', seq });
      next = waiting;
      waiting = null;
    }
    rendering = false;
  };

  const onMessage = (event: MessageEventLike) => {
    if (event.origin !== origin || event.source !== parent || !isProtocolMessage(event.data)) return;
    const message = event.data as { type: string } & Record<string, unknown>;
    switch (message.type) {
      case 'welcome':
        welcomed = true;
        options.onWelcome?.(message as unknown as WelcomeMessage);
        break;
      case 'change': {
        const change = message as unknown as ChangeMessage;
        if (!welcomed || !Number.isInteger(change.seq) || typeof change.item !== 'object' || change.item === null || !Array.isArray(change.item.fields)) return;
        if (rendering) {
          if (waiting) superseded.push(waiting.seq);
          waiting = change;
        } else {
          void render(change);
        }
        break;
      }
      case 'refresh': {
        const reason = message.reason as 'save' | 'autosave' | 'publish';
        if (options.onRefresh) options.onRefresh(reason);
        else win.location.reload();
        break;
      }
    }
  };

  // A page restored from the back/forward cache was forgotten by the admin (its iframe loaded): say hello again.
  const onPageShow = (event: { persisted?: boolean }) => {
    if (event.persisted) {
      welcomed = false;
      hello();
    }
  };

  win.addEventListener('message', onMessage);
  win.addEventListener('pageshow', onPageShow);
  hello();
  return () => {
    stopped = true;
    win.removeEventListener('message', onMessage);
    win.removeEventListener('pageshow', onPageShow);
  };
}
