// The workspace's template graph must stay acyclic: an edge runs from a template to the template a
// composition field (`templateId`) targets, through the template's draft or published version
// (either may become current). A cycle of any length, including a template composing itself, is
// refused with 422 `circular-template-reference` listing the cycle by template name. Open
// (polymorphic) fields are not edges: the spec leaves them without cycle protection.
import { sql, type CommonQueryMethods } from 'slonik';
import { ApiError } from '../../errors.js';
import { listAllTemplates } from '../../db/model/templates.js';
import { listCompositionEdges } from '../../db/model/template-structure.js';

export interface VersionEdges {
  readonly templateId: string;
  readonly versionId: string;
  /** The composition targets the version will have after the change. */
  readonly targets: readonly string[];
}

/** Finds a path target → … → source in the graph; with the new edge source → target it is a cycle. */
export function findCycle(adjacency: ReadonlyMap<string, ReadonlySet<string>>, source: string, targets: readonly string[]): string[] | null {
  for (const start of targets) {
    if (start === source) return [source, source];
    const parent = new Map<string, string | null>([[start, null]]);
    const stack = [start];
    while (stack.length > 0) {
      const node = stack.pop()!;
      for (const next of adjacency.get(node) ?? []) {
        if (parent.has(next)) continue;
        parent.set(next, node);
        if (next === source) {
          const path: string[] = [];
          for (let at: string | null = next; at !== null; at = parent.get(at) ?? null) path.unshift(at);
          return [source, ...path];
        }
        stack.push(next);
      }
    }
  }
  return null;
}

export async function assertTemplateGraphAcyclic(db: CommonQueryMethods, workspaceId: string, change: VersionEdges): Promise<void> {
  if (change.targets.length === 0) return;
  // Two drafts adding A → B and B → A at once would each see an acyclic graph; one lock per
  // workspace's template graph makes the checks take turns until their transactions end.
  await db.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext(${'verso.template-graph:' + workspaceId}))`);
  const edges = await listCompositionEdges(db, workspaceId);
  const adjacency = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.version_id === change.versionId) continue; // replaced by the change's own edges
    let set = adjacency.get(e.from_template_id);
    if (!set) adjacency.set(e.from_template_id, (set = new Set()));
    set.add(e.to_template_id);
  }
  const cycle = findCycle(adjacency, change.templateId, change.targets);
  if (!cycle) return;
  const names = new Map((await listAllTemplates(db, workspaceId)).map((t) => [t.id, t.name]));
  const named = cycle.map((id) => names.get(id) ?? id);
  throw new ApiError('circular-template-reference', `This composition would make a cycle: ${named.join(' → ')}.`, {
    cycle: named,
    errors: { '/templateId': [`would make a cycle: ${named.join(' → ')}`] },
  });
}
