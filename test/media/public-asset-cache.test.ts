// The public route's kept asset rows (services/media/public-asset-cache.ts): what may be served from
// them and when they end. The end-to-end guarantees (a deletion or public media off is 404 at once on
// the writer, and on the other replicas as their notice arrives) are in public-renditions.test.ts
// and public-media-replicas.test.ts.
import { expect } from 'chai';
import type { PublicAssetRow } from '../../server/src/db/media/public-assets.js';
import { PublicAssetCache } from '../../server/src/services/media/public-asset-cache.js';

const WS = '01a21fa1-f1d4-7374-87e4-f38401d53ea9';
const OTHER_WS = '01a21fa1-f1d4-7374-87e4-f38401d53eaa';
const ASSET = '01a21fa1-f1d4-7374-87e4-f38401d53eab';
const row: PublicAssetRow = { id: ASSET, file_name: 'a.jpg', mime_type: 'image/jpeg', content_sha256: 'ab'.repeat(32), provider: 'local', storage_key: 'verso/media/x', media_url_generation: 0 };

function counted(answer: PublicAssetRow | null = row) {
  const load = async () => {
    load.calls += 1;
    return answer;
  };
  load.calls = 0;
  return load;
}

describe('PublicAssetCache', () => {
  it('keeps a found row while listening, until its workspace changes', async () => {
    const cache = new PublicAssetCache(10_000);
    cache.setListening(true);
    const load = counted();
    await cache.find(WS, ASSET, load);
    await cache.find(WS.toUpperCase(), ASSET, load);
    expect(load.calls).to.equal(1);
    cache.apply({ kind: 'items', workspaceId: OTHER_WS, itemIds: [] });
    cache.apply({ kind: 'barrier', token: 'x' });
    await cache.find(WS, ASSET, load);
    expect(load.calls).to.equal(1);
    cache.apply({ kind: 'workspace', workspaceId: WS });
    await cache.find(WS, ASSET, load);
    expect(load.calls).to.equal(2);
    cache.apply({ kind: 'all' });
    await cache.find(WS, ASSET, load);
    expect(load.calls).to.equal(3);
  });

  it('keeps nothing while the listener is down, nor a 404, nor with 0 seconds', async () => {
    const down = new PublicAssetCache(10_000);
    const load = counted();
    await down.find(WS, ASSET, load);
    await down.find(WS, ASSET, load);
    expect(load.calls).to.equal(2);
    down.setListening(true);
    await down.find(WS, ASSET, load);
    down.setListening(false);
    await down.find(WS, ASSET, load);
    expect(load.calls).to.equal(4);

    const missing = new PublicAssetCache(10_000);
    missing.setListening(true);
    const none = counted(null);
    await missing.find(WS, ASSET, none);
    await missing.find(WS, ASSET, none);
    expect(none.calls).to.equal(2);

    const off = new PublicAssetCache(0);
    off.setListening(true);
    const each = counted();
    await off.find(WS, ASSET, each);
    await off.find(WS, ASSET, each);
    expect(each.calls).to.equal(2);
  });

  it('a lookup that raced a change is not kept, and a row lives only its seconds', async () => {
    let now = 0;
    const cache = new PublicAssetCache(5_000, () => now);
    cache.setListening(true);
    let calls = 0;
    await cache.find(WS, ASSET, async () => {
      calls += 1;
      cache.apply({ kind: 'workspace', workspaceId: WS }); // committed while the query ran
      return row;
    });
    const load = counted();
    await cache.find(WS, ASSET, load);
    expect([calls, load.calls]).to.deep.equal([1, 1]);
    now = 4_999;
    await cache.find(WS, ASSET, load);
    expect(load.calls).to.equal(1);
    now = 5_000;
    await cache.find(WS, ASSET, load);
    expect(load.calls).to.equal(2);
  });
});
