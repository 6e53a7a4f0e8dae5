// What a field form offers to bind and what a field view names: the workspace's templates,
// components and picklists. Each list is read whole with the API's largest page (a few calls per
// page, never one per field), only when the page needs it.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';

type TemplateSummary = components['schemas']['TemplateSummaryResponse'];
type ComponentSummary = components['schemas']['ComponentSummaryResponse'];
type PickListSummary = components['schemas']['PickListSummaryResponse'];

/** More than any form can sensibly offer; a workspace beyond it shows the first ones by name. */
const LIMIT = 1000;

export interface ModelChoices {
  templates: TemplateSummary[];
  components: ComponentSummary[];
  picklists: PickListSummary[];
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length >= LIMIT) break;
  }
  return out;
}

/** The workspace's templates, components and picklists (ordered by name, as the API lists them). */
export async function modelChoices(res: express.Response, workspaceId: string, need: { templates?: boolean } = { templates: true }): Promise<ModelChoices> {
  const api = apiFor(res);
  const path = { workspaceId };
  const [templates, comps, picklists] = await Promise.all([
    need.templates === false ? Promise.resolve([]) : collect(api.listAll('listTemplates', { path, query: { pageSize: 100 } })),
    collect(api.listAll('listComponents', { path, query: { pageSize: 100 } })),
    collect(api.listAll('listPickLists', { path, query: { pageSize: 100 } })),
  ]);
  return { templates, components: comps, picklists };
}

/** id → name of everything in the choices, for describing a field's type. */
export function namesOf(choices: ModelChoices): Map<string, string> {
  const names = new Map<string, string>();
  for (const list of [choices.templates, choices.components, choices.picklists]) for (const x of list) names.set(x.id, x.name);
  return names;
}
