// @verso/sdk/live-preview without a browser: the source map derived from a delivery-shaped item
// (repeated fields, a component's members, children two levels down), the data-verso marker both
// ways, strict origins, applyText on a small fake tree, and subscribe's queue of changes with a fake
// window (a change that arrives while one renders waits; replaced ones are reported with it).
import { expect } from 'chai';
import { applyText, checkOrigin, parseSourceAttribute, sourceAttribute, sourceMapOf, subscribe, valueAt, type PreviewItem, type WindowLike } from '../../src/live-preview/index.js';

const ITEM = '01890000-0000-7000-8000-00000000000a';
const CHILD = '01890000-0000-7000-8000-00000000000b';
const GRANDCHILD = '01890000-0000-7000-8000-00000000000c';

function value(key: string | null, order: number, valueKind: string, extra: Record<string, unknown> = {}) {
  return {
    fieldId: '01890000-0000-7000-8000-0000000000f0', key, label: key, order, valueKind,
    textValue: null, numberValue: null, boolValue: null, dateValue: null, dateTimeValue: null, jsonValue: null,
    displayLabel: null, mediaAssetId: null, fileAssetId: null, childContentItemId: null, child: null, ...extra,
  };
}
function version(contentItemId: string, versionNumber: number, fields: unknown[]): PreviewItem {
  return { contentItemId, versionNumber, fields } as unknown as PreviewItem;
}

describe('live preview: sourceMapOf and the data-verso marker', () => {
  const grandchild = version(GRANDCHILD, 2, [value('name', 0, 'Text', { textValue: 'Ada' })]);
  const child = version(CHILD, 4, [value('title', 0, 'Text', { textValue: 'Child' }), value('author', 0, 'ChildContent', { childContentItemId: GRANDCHILD, child: grandchild })]);
  const item = version(ITEM, 3, [
    value('title', 0, 'Text', { textValue: 'Hello' }),
    value('tags', 0, 'Text', { textValue: 'a' }),
    value('tags', 1, 'Text', { textValue: 'b' }),
    value('tags', 2, 'Text', { textValue: 'c' }),
    value('category', 0, 'PickList', { textValue: 'news', displayLabel: 'News' }),
    value('seo', 0, 'Component', { jsonValue: { metaTitle: 'T', links: [{ url: 'https://x.example' }, null] } }),
    value(null, 0, 'Text', { textValue: 'a removed field' }),
    value('related', 0, 'ChildContent', { childContentItemId: CHILD, child }),
    value('price', 0, 'Number', { numberValue: 0 }),
  ]);
  const at = (itemId: string, versionNumber: number, fieldKey: string, order: number, componentPath?: string) => ({ itemId, versionNumber, fieldKey, order, ...(componentPath ? { componentPath } : {}) });

  it('maps every value property that is not null, repeated values by order, components by member path, children to their own item', () => {
    expect(sourceMapOf(item)).to.deep.equal({
      '/fields/0/textValue': at(ITEM, 3, 'title', 0),
      '/fields/1/textValue': at(ITEM, 3, 'tags', 0),
      '/fields/2/textValue': at(ITEM, 3, 'tags', 1),
      '/fields/3/textValue': at(ITEM, 3, 'tags', 2),
      '/fields/4/textValue': at(ITEM, 3, 'category', 0),
      '/fields/4/displayLabel': at(ITEM, 3, 'category', 0),
      '/fields/5/jsonValue': at(ITEM, 3, 'seo', 0),
      '/fields/5/jsonValue/metaTitle': at(ITEM, 3, 'seo', 0, 'metaTitle'),
      '/fields/5/jsonValue/links': at(ITEM, 3, 'seo', 0, 'links'),
      '/fields/5/jsonValue/links/0': at(ITEM, 3, 'seo', 0, 'links[0]'),
      '/fields/5/jsonValue/links/0/url': at(ITEM, 3, 'seo', 0, 'links[0].url'),
      '/fields/7/childContentItemId': at(ITEM, 3, 'related', 0),
      '/fields/7/child/fields/0/textValue': at(CHILD, 4, 'title', 0),
      '/fields/7/child/fields/1/childContentItemId': at(CHILD, 4, 'author', 0),
      '/fields/7/child/fields/1/child/fields/0/textValue': at(GRANDCHILD, 2, 'name', 0),
      '/fields/8/numberValue': at(ITEM, 3, 'price', 0),
    });
  });

  it('sourceAttribute writes the marker the protocol names; parseSourceAttribute reads it back', () => {
    const map = sourceMapOf(item);
    expect(sourceAttribute(map, '/fields/2/textValue')).to.equal(`item=${ITEM}&version=3&field=tags&order=1`);
    expect(sourceAttribute(map, '/fields/5/jsonValue/links/0/url')).to.equal(`item=${ITEM}&version=3&field=seo&order=0&path=links%5B0%5D.url`);
    expect(sourceAttribute(map, '/fields/6/textValue')).to.equal(undefined);
    expect(sourceAttribute(null, '/fields/0/textValue')).to.equal(undefined);
    for (const pointer of Object.keys(map)) expect(parseSourceAttribute(sourceAttribute(map, pointer))).to.deep.equal(map[pointer]);
    for (const bad of [null, '', 'item=x', `item=${ITEM}&version=one&field=t&order=0`, `item=${ITEM}&version=1&field=t`, `version=1&field=t&order=0`]) {
      expect(parseSourceAttribute(bad), String(bad)).to.equal(null);
    }
    expect(valueAt(item, '/fields/7/child/fields/1/child/fields/0/textValue')).to.equal('Ada');
    expect(valueAt(item, '/fields/99/textValue')).to.equal(undefined);
  });

  it('origins are exact: scheme, host and port, nothing more', () => {
    expect(checkOrigin('https://admin.example.com')).to.equal('https://admin.example.com');
    expect(checkOrigin('http://127.0.0.1:5001')).to.equal('http://127.0.0.1:5001');
    for (const bad of ['https://admin.example.com/', 'https://admin.example.com/editor', '*', 'admin.example.com', 'javascript:alert(1)', 'https://ADMIN.example.com', '']) {
      expect(() => checkOrigin(bad), bad).to.throw(TypeError, /exact origin/);
    }
  });

  it('applyText updates marked text in place and leaves markup (a rendered Markdown body) to the site', () => {
    const map = sourceMapOf(item);
    const element = (marker: string | undefined, text: string, children = 0) => ({ textContent: text, childElementCount: children, getAttribute: () => marker ?? null });
    const title = element(sourceAttribute(map, '/fields/0/textValue'), 'Old');
    const price = element(sourceAttribute(map, '/fields/8/numberValue'), '1');
    const childTitle = element(sourceAttribute(map, '/fields/7/child/fields/0/textValue'), 'Old child');
    const body = element(sourceAttribute(map, '/fields/1/textValue'), 'rendered', 2);
    const stranger = element('item=nobody&version=1&field=x&order=0', 'kept');
    const root = { querySelectorAll: () => [title, price, childTitle, body, stranger] as never };
    expect(applyText(root, item, map)).to.equal(3);
    expect([title.textContent, price.textContent, childTitle.textContent, body.textContent, stranger.textContent]).to.deep.equal(['Hello', '0', 'Child', 'rendered', 'kept']);
    expect(applyText(root, item, map)).to.equal(0);
  });
});

describe('live preview: subscribe with a fake window', () => {
  const ADMIN = 'https://admin.example.com';

  function fakeWindow() {
    const listeners = new Map<string, ((event: any) => void)[]>();
    const sent: { message: any; targetOrigin: string }[] = [];
    const parent = { postMessage: (message: unknown, targetOrigin: string) => sent.push({ message, targetOrigin }) } as unknown as WindowLike;
    const win = {
      parent,
      document: {} as never,
      location: { reload: () => sent.push({ message: 'reloaded', targetOrigin: '' }) },
      postMessage: () => {},
      addEventListener: (type: string, fn: (event: any) => void) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
      removeEventListener: (type: string, fn: (event: any) => void) => listeners.set(type, (listeners.get(type) ?? []).filter((f) => f !== fn)),
    } as WindowLike;
    const dispatch = (data: unknown, origin = ADMIN, source: unknown = parent) => (listeners.get('message') ?? []).forEach((fn) => fn({ data, origin, source }));
    return { win, sent, dispatch, listeners };
  }
  const item = version(ITEM, 1, []);

  it('is a no-op outside a browser and in a page that is not framed', () => {
    expect(subscribe({ origin: ADMIN, onChange: () => {} })).to.be.a('function');
    const top = { parent: null as unknown, addEventListener: () => expect.fail('listened in a top-level page') } as unknown as WindowLike & { parent: unknown };
    (top as { parent: unknown }).parent = top;
    subscribe({ origin: ADMIN, onChange: () => {}, window: top })();
  });

  it('one change renders at a time; of those that arrive meanwhile only the newest renders, and every seq is reported rendered', async () => {
    const { win, sent, dispatch } = fakeWindow();
    const rendered: number[] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    let allDone!: () => void;
    const done = new Promise<void>((resolve) => (allDone = resolve));
    subscribe({
      origin: ADMIN,
      window: win,
      onChange: async (_item, { seq }) => {
        rendered.push(seq);
        if (seq === 1) await first;
        if (seq === 4) allDone();
      },
    });
    expect(sent).to.deep.equal([{ message: { verso: 1, type: 'hello' }, targetOrigin: ADMIN }]);
    // Before the welcome, a change is dropped.
    dispatch({ verso: 1, type: 'change', seq: 0, item, sourceMap: {} });
    dispatch({ verso: 1, type: 'welcome', itemId: ITEM, versionNumber: 1, locale: null });
    for (const seq of [1, 2, 3, 4]) dispatch({ verso: 1, type: 'change', seq, item, sourceMap: {} });
    release();
    await done;
    await new Promise((resolve) => setImmediate(resolve));
    expect(rendered).to.deep.equal([1, 4]);
    expect(sent.slice(1)).to.deep.equal([1, 2, 3, 4].map((seq) => ({ message: { verso: 1, type: 'rendered', seq }, targetOrigin: ADMIN })));
  });

  it('refresh calls onRefresh, or reloads the page by default; unsubscribing stops listening', () => {
    const { win, sent, dispatch, listeners } = fakeWindow();
    const reasons: string[] = [];
    const stop = subscribe({ origin: ADMIN, window: win, onChange: () => {}, onRefresh: (reason) => reasons.push(reason) });
    dispatch({ verso: 1, type: 'refresh', reason: 'autosave' });
    dispatch({ verso: 1, type: 'refresh', reason: 'save' }, 'https://evil.example');
    expect(reasons).to.deep.equal(['autosave']);
    stop();
    expect(listeners.get('message')).to.deep.equal([]);
    const other = fakeWindow();
    subscribe({ origin: ADMIN, window: other.win, onChange: () => {} });
    other.dispatch({ verso: 1, type: 'refresh', reason: 'publish' });
    expect(other.sent.at(-1)!.message).to.equal('reloaded');
    expect(sent).to.have.length(1);
  });
});
