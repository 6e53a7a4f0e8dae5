// What a batch of publishes or archives left in a workspace, with each id replaced by a name, so
// two workspaces given the same items can be compared: a batched write (a release's publish and
// revert, an atomic bulk publish) against the same items written one by one.
import { expect } from 'chai';
import { dbQuery, type ContentWorld } from '../content/content-fixture.js';

/** Replaces every id of the world in `value` (JSON) by a name: items by label, versions by label:vN, the workspace, templates, the editor. */
export async function namer(w: ContentWorld, labels: Map<string, string>) {
  const names = new Map(labels);
  names.set(w.ws, 'ws');
  for (const [key, t] of Object.entries(w.model)) {
    names.set(t.templateId, `${key}-template`);
    names.set(t.versionId, `${key}-template-v`);
  }
  const versions = await dbQuery<{ id: string; content_item_id: string; version_number: number }>(
    w.api, 'SELECT id, content_item_id, version_number FROM content_versions WHERE content_item_id = ANY($1)', [[...labels.keys()]]);
  for (const v of versions) names.set(v.id, `${labels.get(v.content_item_id)}:v${v.version_number}`);
  const [lists] = await dbQuery<{ id: string }>(w.api, `SELECT md5('lists:' || $1::text)::uuid::text AS id`, [w.ws]);
  names.set(lists!.id, 'lists');
  const [editor] = await dbQuery<{ user_id: string }>(w.api, `SELECT user_id::text FROM user_sessions WHERE token_hash = encode(sha256($1::bytea), 'hex')`, [w.editor]);
  names.set(editor!.user_id, 'editor');
  return (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => names.get(id) ?? 'other-id'));
}

/** Marks of the delivery subjects now (db/delivery: items, lists, workspace). */
export async function marks(w: ContentWorld): Promise<Map<string, string>> {
  const rows = await dbQuery<{ subject_id: string; mark: string }>(w.api, 'SELECT subject_id::text, mark::text FROM delivery_marks');
  return new Map(rows.map((r) => [r.subject_id, r.mark]));
}

export const moved = (before: Map<string, string>, after: Map<string, string>) => [...after].filter(([s, m]) => before.get(s) !== m).map(([s]) => s);

/** What the publish left, in the world's own order, with names for ids. */
export async function outcome(w: ContentWorld, labels: Map<string, string>, fromSeq: string, fromTime: string, marksBefore: Map<string, string>) {
  const name = await namer(w, labels);
  const itemIds = [...labels.keys()];
  const events = await dbQuery(w.api, `
    SELECT event_type, entity_type, entity_id, payload FROM outbox_events
    WHERE workspace_id = $1 AND seq > $2 AND event_type LIKE 'content.%' ORDER BY seq`, [w.ws, fromSeq]);
  const audits = await dbQuery(w.api, `
    SELECT entity_type, entity_id, content_item_id, action, actor_type, change_delta FROM audit_log
    WHERE workspace_id = $1 AND occurred_at > $2 AND entity_type IN ('ContentItem', 'ContentVersion') ORDER BY occurred_at, id`, [w.ws, fromTime]);
  const versions = await dbQuery(w.api, `
    SELECT cv.id, cv.status, cv.row_version, cv.archived_at IS NULL AS live, cv.publish_at, cv.published_at IS NULL AS unpublished,
      cv.published_by_user_id IS NULL AS by_nobody, cv.effective_start_at, cv.effective_end_at
    FROM content_versions cv WHERE cv.content_item_id = ANY($1) ORDER BY cv.id`, [itemIds]);
  const items = await dbQuery(w.api, 'SELECT id, row_version FROM content_items WHERE id = ANY($1)', [itemIds]);
  const serving = await dbQuery(w.api, `
    SELECT s.content_item_id, s.valid_from::text, s.valid_until::text, s.version_id, s.locale_code, s.template_version_id,
      s.translation_group_id, s.published_at = cv.published_at AS published_at_matches
    FROM content_serving s JOIN content_versions cv ON cv.id = s.version_id WHERE s.content_item_id = ANY($1)`, [itemIds]);
  const counts = await dbQuery(w.api, `
    SELECT template_id, template_version_id, locale_key, at::text, delta FROM content_serving_counts WHERE workspace_id = $1`, [w.ws]);
  const sorted = (rows: unknown[]) => (name(rows) as unknown[]).map((r) => JSON.stringify(r)).sort();
  return {
    events: name(events) as Record<string, unknown>[],
    audits: name(audits) as Record<string, unknown>[],
    versions: sorted(versions),
    items: sorted(items),
    serving: sorted(serving),
    counts: sorted(counts),
    marks: (name(moved(marksBefore, await marks(w))) as string[]).sort(),
  };
}

export async function phaseStart(w: ContentWorld) {
  const [row] = await dbQuery<{ seq: string; at: string }>(w.api, `SELECT coalesce(max(seq), 0)::text AS seq, clock_timestamp()::text AS at FROM outbox_events`);
  return { seq: row!.seq, at: row!.at, marks: await marks(w) };
}

export type Outcome = Awaited<ReturnType<typeof outcome>>;

/** Two paths left the same thing: part by part, so a failure names the part that differs. */
export function expectSameOutcome(actual: Outcome, expected: Outcome): void {
  for (const part of ['events', 'audits', 'versions', 'items', 'serving', 'counts', 'marks'] as const) {
    expect(actual[part], part).to.deep.equal(expected[part]);
  }
}
