// Fields shared across translations (a template field with `localized: false`): written once per
// translation group, on its member in the workspace's default locale, and served from there by
// every member. A post-step on a presented by-slug body (published or preview), run between
// presenting the tree and delivering its assets: for the root and every expanded child whose
// locale is not the default and whose group has a member S in the default locale that serves at
// the read's instant (preview: S's previewed version), the values of every non-localized field of
// its template version are replaced by S's values for the same key — all of them, in S's order,
// presented as every value is (content-presenter.ts), with the member's own field id and label, so
// the body stays a body of its own template version. S serving nothing: the member's own values.
//
// When asked (a preview read with `sourceMap=true`), it also records where each replaced value was
// written (SharedOrigins), so the source map sends the editor to the default-locale member.
//
// Cheap when nothing is shared: the template versions' layouts are cached in process (only those
// that can no longer change: a published or archived template version is immutable,
// services/model/template-versions.ts), so a tree whose templates have no non-localized field costs
// no statement at all, and one that has costs one, for the whole tree.
import type { CommonQueryMethods } from 'slonik';
import { findFieldLayouts, findSharedSources, type FieldLayoutRow, type SharedSourceRow } from '../../db/delivery/shared-values.js';
import type { ValueRow } from '../../db/content/content-values.js';
import type { ContentVersionDetailResponse, ContentVersionFieldValueResponse } from '../../generated/schemas.js';
import { fieldValueBody } from '../content/content-presenter.js';

/** Where each field of a template version stands in value order, and its non-localized fields by key. */
interface FieldLayout {
  readonly position: ReadonlyMap<string, number>;
  readonly shared: ReadonlyMap<string, { readonly id: string; readonly label: string; readonly position: number }>;
}

/** Layouts of immutable template versions by id; null: the version has no non-localized field. */
const layouts = new Map<string, FieldLayout | null>();
/** Template versions are few; past this the cache starts over rather than grow without bound. */
const MAX_CACHED_LAYOUTS = 4096;

function layoutOf(row: FieldLayoutRow): FieldLayout | null {
  if (row.fields.every((f) => f.localized)) return null;
  const position = new Map(row.fields.map((f, i) => [f.id.toLowerCase(), i]));
  const shared = new Map(row.fields.flatMap((f, i) => (f.localized ? [] : [[f.key, { id: f.id, label: f.label, position: i }] as const])));
  return { position, shared };
}

async function layoutsOf(db: CommonQueryMethods, templateVersionIds: readonly string[]): Promise<Map<string, FieldLayout | null>> {
  const out = new Map<string, FieldLayout | null>();
  const missing: string[] = [];
  for (const id of new Set(templateVersionIds.map((i) => i.toLowerCase()))) {
    const cached = layouts.get(id);
    if (cached !== undefined) out.set(id, cached);
    else missing.push(id);
  }
  for (const row of await findFieldLayouts(db, missing)) {
    const id = row.id.toLowerCase();
    const layout = layoutOf(row);
    out.set(id, layout);
    // A Draft's fields still change (their `localized` flag too): read again each time.
    if (row.status !== 'Draft') {
      if (layouts.size >= MAX_CACHED_LAYOUTS) layouts.clear();
      layouts.set(id, layout);
    }
  }
  return out;
}

/** Where a shared value was written: the group's default-locale member and the version served from it. */
export interface SharedOrigin {
  readonly itemId: string;
  readonly versionNumber: number;
}

/** Filled by withSharedFields when given one: for each member whose shared fields it replaced, their source. */
export class SharedOrigins {
  private readonly byMember = new Map<string, { readonly origin: SharedOrigin; readonly keys: ReadonlySet<string> }>();

  record(member: ContentVersionDetailResponse, origin: SharedOrigin, keys: ReadonlySet<string>): void {
    this.byMember.set(memberKey(member.contentItemId, member.isPreview === true), { origin, keys });
  }

  /** Where `member`'s value of field `key` was written, when it is a shared one served from its source. */
  of(member: ContentVersionDetailResponse, key: string): SharedOrigin | undefined {
    const found = this.byMember.get(memberKey(member.contentItemId, member.isPreview === true));
    return found?.keys.has(key) ? found.origin : undefined;
  }
}

// A member may appear both ways in one tree (a scoped token's previewed root, embedded in itself as served).
const memberKey = (itemId: string, preview: boolean) => `${itemId.toLowerCase()}:${preview}`;

/** What the read resolves versions at: the served instant, and (preview reads) the preview's `asOf`. */
export interface SharedFieldReads {
  readonly servedAt: string;
  readonly previewAt: string | null;
}

function nodesOf(body: ContentVersionDetailResponse, into: ContentVersionDetailResponse[] = []): ContentVersionDetailResponse[] {
  into.push(body);
  for (const f of body.fields) if (f.child) nodesOf(f.child, into);
  return into;
}

/**
 * `body` with the fields its members share served from their groups' default-locale member (see the
 * top of this file); `body` itself when nothing in the tree is shared.
 */
export async function withSharedFields(
  db: CommonQueryMethods,
  workspaceId: string,
  body: ContentVersionDetailResponse,
  reads: SharedFieldReads,
  origins?: SharedOrigins,
): Promise<ContentVersionDetailResponse> {
  const nodes = nodesOf(body);
  const layoutByVersion = await layoutsOf(db, nodes.map((n) => n.templateVersionId));
  const sharing = nodes.filter((n) => layoutByVersion.get(n.templateVersionId.toLowerCase()) != null);
  if (sharing.length === 0) return body;
  const members = [...new Map(sharing.map((n) => [memberKey(n.contentItemId, n.isPreview === true), n])).values()];
  const sources = await findSharedSources(
    db,
    workspaceId,
    members.map((n) => ({ itemId: n.contentItemId, preview: n.isPreview === true })),
    reads.servedAt,
    reads.previewAt,
  );
  if (sources.length === 0) return body;
  const sourceOf = new Map(sources.map((s) => [memberKey(s.member_id, s.preview), s]));
  // Children a source's values name are served as the tree already expanded them, where it did.
  const expanded = new Map<string, ContentVersionDetailResponse>();
  for (const n of nodes) for (const f of n.fields) if (f.child && f.childContentItemId) expanded.set(f.childContentItemId.toLowerCase(), f.child);

  const rewrite = (node: ContentVersionDetailResponse): ContentVersionDetailResponse => {
    const layout = layoutByVersion.get(node.templateVersionId.toLowerCase());
    const source = layout ? sourceOf.get(memberKey(node.contentItemId, node.isPreview === true)) : undefined;
    const fields = layout && source ? sharedValues(node.fields, layout, source, expanded) : node.fields;
    if (layout && source) origins?.record(node, { itemId: source.source_item_id, versionNumber: source.source_version_number }, new Set(layout.shared.keys()));
    return { ...node, fields: fields.map((f) => (f.child ? { ...f, child: rewrite(f.child) } : f)) };
  };
  return rewrite(body);
}

/** `own` with every shared key's values replaced by the source's, each placed where its field stands. */
function sharedValues(
  own: readonly ContentVersionFieldValueResponse[],
  layout: FieldLayout,
  source: SharedSourceRow,
  expanded: ReadonlyMap<string, ContentVersionDetailResponse>,
): ContentVersionFieldValueResponse[] {
  const placed: { readonly position: number; readonly value: ContentVersionFieldValueResponse }[] = [];
  for (const value of own) {
    if (value.key !== null && layout.shared.has(value.key)) continue;
    placed.push({ position: layout.position.get(value.fieldId.toLowerCase()) ?? Number.MAX_SAFE_INTEGER, value });
  }
  for (const r of source.field_values) {
    const field = layout.shared.get(r.key);
    if (!field) continue;
    const row: ValueRow = { ...r, field_id: field.id, label: field.label };
    const value = fieldValueBody(row);
    const child = value.childContentItemId ? expanded.get(value.childContentItemId.toLowerCase()) : undefined;
    placed.push({ position: field.position, value: child ? { ...value, child } : value });
  }
  // A stable sort: values of one field keep their order (the member's, or the source's).
  return placed.sort((a, b) => a.position - b.position).map((p) => p.value);
}
