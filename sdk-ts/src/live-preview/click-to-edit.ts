// Click-to-edit (docs/live-preview.md, step 5): elements marked `data-verso` get an outline on hover,
// and a click asks the admin to focus that value's field instead of following the link or button.
// The outline is set through the element's style object, which a site's CSP allows without
// 'unsafe-inline' (a <style> element would not be).
import { currentWindow, isFramed, type ElementLike, type EventLike, type WindowLike } from './browser.js';
import { checkOrigin } from './origin.js';
import { parseSourceAttribute } from './source-map.js';

export interface ClickToEditOptions {
  /** The admin's origin, exactly; `edit` is posted only to it (the browser drops it for any other parent). */
  readonly origin: string;
  /** The outline drawn on hover (CSS `outline`). */
  readonly outline?: string;
  /** The window to act on (default: the page's own); for tests. */
  readonly window?: WindowLike;
}

const MARKED = '[data-verso]';

function markedElement(target: unknown): ElementLike | null {
  const element = target as Partial<ElementLike> | null;
  return typeof element?.closest === 'function' ? element.closest(MARKED) : null;
}

/** Turns click-to-edit on for the page when it is framed; returns a function that turns it off. */
export function enableClickToEdit(options: ClickToEditOptions): () => void {
  const origin = checkOrigin(options.origin);
  const win = options.window ?? currentWindow();
  if (!win || !isFramed(win)) return () => {};
  const outline = options.outline ?? '2px solid #2563eb';
  const document = win.document;
  let outlined: { element: ElementLike; before: { outline: string; outlineOffset: string; cursor: string } } | null = null;

  const clear = () => {
    if (!outlined) return;
    Object.assign(outlined.element.style, outlined.before);
    outlined = null;
  };
  const onOver = (event: EventLike) => {
    const element = markedElement(event.target);
    if (element === outlined?.element) return;
    clear();
    if (!element || !parseSourceAttribute(element.getAttribute('data-verso'))) return;
    const { outline: o, outlineOffset, cursor } = element.style;
    outlined = { element, before: { outline: o, outlineOffset, cursor } };
    Object.assign(element.style, { outline, outlineOffset: '2px', cursor: 'pointer' });
  };
  const onClick = (event: EventLike) => {
    const element = markedElement(event.target);
    const at = parseSourceAttribute(element?.getAttribute('data-verso'));
    if (!at) return;
    // The click is the editor's, not the site's: no navigation, no handler of the page.
    event.preventDefault();
    event.stopPropagation();
    win.parent.postMessage({ verso: 1, type: 'edit', ...at }, origin);
  };

  // Capture phase, so a site's own click handlers (a link's router) never see the click first.
  document.addEventListener('mouseover', onOver, true);
  document.addEventListener('click', onClick, true);
  return () => {
    clear();
    document.removeEventListener('mouseover', onOver, true);
    document.removeEventListener('click', onClick, true);
  };
}
