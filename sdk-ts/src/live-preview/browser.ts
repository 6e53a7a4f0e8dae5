// The few browser APIs the live-preview helpers use, typed structurally: the SDK compiles without
// the DOM library (it also runs on Node), and the tests hand the helpers a small fake window.

export interface MessageEventLike {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
}

export interface EventLike {
  readonly target: unknown;
  preventDefault(): void;
  stopPropagation(): void;
}

export interface ElementLike {
  textContent: string | null;
  readonly childElementCount: number;
  readonly style: { outline: string; outlineOffset: string; cursor: string };
  innerHTML: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  closest(selector: string): ElementLike | null;
  querySelectorAll(selector: string): Iterable<ElementLike>;
}

export interface DocumentLike {
  readonly documentElement: ElementLike;
  addEventListener(type: string, listener: (event: EventLike) => void, capture?: boolean): void;
  removeEventListener(type: string, listener: (event: EventLike) => void, capture?: boolean): void;
}

export interface WindowLike {
  readonly parent: WindowLike;
  readonly document: DocumentLike;
  readonly location: { reload(): void };
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: string, listener: (event: any) => void): void;
  removeEventListener(type: string, listener: (event: any) => void): void;
}

/** The page's window (`globalThis` in a browser); undefined on a server, where every helper is a no-op. */
export function currentWindow(): WindowLike | undefined {
  const g = globalThis as { window?: WindowLike };
  return g.window;
}

/** True when `win` is framed (a top-level page has itself as parent). */
export function isFramed(win: WindowLike): boolean {
  return win.parent !== win;
}
