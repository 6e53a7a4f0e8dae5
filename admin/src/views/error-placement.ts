// Every message of an API refusal reaches the user: the ones a view shows at an input, and the rest
// in the problem box, each with the name of what it is about. Which messages a view placed is learned
// by rendering it once: a message is placed when its text is in the output (a view may compute what
// an input shows in TS, as the content editor does), the pointers the view looked up claiming their
// share of a message that several inputs have ("This field is required."). No page keeps a list of its
// inputs' pointers by hand, and a pointer a page does not know (a new constraint in the contract,
// `/fields/<key>` on a form without that field) is listed instead of lost.
import type { FieldErrors } from './field-errors.js';

export interface UnplacedError {
  /** What the messages are about, in words ("Slug", "Fields 3, media asset id"); '' for the whole request. */
  label: string;
  messages: string[];
}

/** `errors` as seen by a view, and the pointers the view has looked up. */
export function recordLookups(errors: FieldErrors): { errors: FieldErrors; looked: Set<string> } {
  const looked = new Set<string>();
  const proxy = new Proxy(errors, {
    get(target, key, receiver) {
      if (typeof key === 'string' && Object.hasOwn(target, key)) looked.add(key);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      if (typeof key === 'string' && Object.hasOwn(target, key)) looked.add(key);
      return Reflect.has(target, key);
    },
  });
  return { errors: proxy, looked };
}

const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .trim();

/** `/slug` → "Slug", `/fields/2/mediaAssetId` → "Fields 3, media asset id", `query.page` → "Page". */
export function pointerLabel(pointer: string): string {
  const [, parameter] = /^(?:query|path|header|cookie)\.(.+)$/.exec(pointer) ?? [];
  const parts = (parameter !== undefined ? [parameter] : pointer.split('/').slice(1))
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .filter((p) => p !== '')
    .map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : words(p)));
  const label = parts.reduce((acc, p) => (acc === '' ? p : /^\d+$/.test(p) ? `${acc} ${p}` : `${acc}, ${p}`), '');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const occurrences = (text: string, part: string) => {
  let n = 0;
  for (let at = text.indexOf(part); at >= 0 && part !== ''; at = text.indexOf(part, at + part.length)) n++;
  return n;
};

/**
 * The messages the rendered `html` does not show, labelled by their pointer. `escape` is the view
 * engine's: a message is looked for as the view would have written it.
 */
export function unplacedErrors(errors: FieldErrors, looked: ReadonlySet<string>, html: string, escape: (s: string) => string): UnplacedError[] {
  const budget = new Map<string, number>();
  const shown = (m: string) => {
    if (!budget.has(m)) budget.set(m, occurrences(html, escape(m)));
    const left = budget.get(m)!;
    if (left > 0) budget.set(m, left - 1);
    return left > 0;
  };
  const pointers = Object.keys(errors).sort((a, b) => Number(looked.has(b)) - Number(looked.has(a)));
  const out: UnplacedError[] = [];
  for (const pointer of pointers) {
    const messages = (errors[pointer] ?? []).filter((m) => !shown(m));
    if (messages.length > 0) out.push({ label: pointer === '/' ? '' : pointerLabel(pointer), messages });
  }
  return out;
}
