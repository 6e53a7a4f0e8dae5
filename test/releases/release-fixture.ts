// Releases' tests share the content world (test/content/content-fixture.ts) and these steps.
import { expect } from 'chai';
import { createArticle, dbQuery, expectStatus, type ContentWorld } from '../content/content-fixture.js';

export const releasesOf = (w: ContentWorld) => `${w.base}/releases`;

export async function createRelease(w: ContentWorld, body: Record<string, unknown> = {}, token = w.editor) {
  const res = await w.api.post(releasesOf(w), { name: 'Spring campaign', ...body }, { token });
  expectStatus(res, 201);
  return res.body as { id: string; state: string } & Record<string, any>;
}

export async function addEntry(w: ContentWorld, releaseId: string, itemId: string, versionNumber: number, action: 'publish' | 'archive' = 'publish') {
  const res = await w.api.post(`${releasesOf(w)}/${releaseId}/entries`, { itemId, versionNumber, action }, { token: w.editor });
  expectStatus(res, 200);
  return res.body as Record<string, any>;
}

const route = (w: ContentWorld, itemId: string, n: number, action: string) => `${w.base}/content/${itemId}/versions/${n}/${action}`;

export async function approve(w: ContentWorld, itemId: string, n = 1) {
  expectStatus(await w.api.post(route(w, itemId, n, 'submit'), undefined, { token: w.editor }), 200);
  expectStatus(await w.api.post(route(w, itemId, n, 'approve'), undefined, { token: w.reviewer }), 200);
}

export async function approvedArticle(w: ContentWorld, title: string, fields: unknown[] = []) {
  const item = await createArticle(w, title, {}, fields);
  await approve(w, item.id);
  return item;
}

export async function statuses(w: ContentWorld, itemId: string): Promise<string[]> {
  const rows = await dbQuery<{ version_number: number; status: string }>(
    w.api,
    'SELECT version_number, status FROM content_versions WHERE content_item_id = $1 ORDER BY version_number',
    [itemId],
  );
  return rows.map((r) => `${r.version_number}:${r.status}`);
}

export async function expectServes(w: ContentWorld, slug: string, versionNumber: number | null) {
  const res = await w.api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader });
  if (versionNumber === null) {
    expect(res.status, JSON.stringify(res.body)).to.equal(404);
  } else {
    expectStatus(res, 200);
    expect(res.body.versionNumber ?? res.body.version?.versionNumber).to.equal(versionNumber);
  }
}
