// The name form of a template or a component (views/modelling/create.eta): name, slug and
// description, as the create pages of both post them.
import type express from 'express';
import { field, type FormFailure } from '../../http/forms.js';
import { render } from '../../views/render.js';
import type { Workspace } from '../workspace-scope.js';

export interface NameValues {
  name: string;
  slug: string;
  description: string;
}

export const nameValuesOf = (req: express.Request): NameValues => ({ name: field(req, 'name').trim(), slug: field(req, 'slug').trim(), description: field(req, 'description').trim() });

/** The create form of a template or a component (views/modelling/create.eta). */
export async function createPage(
  res: express.Response,
  page: { kind: 'template' | 'component'; workspace: Workspace; back: string; values: NameValues; failure?: FormFailure },
  status?: number,
): Promise<void> {
  await render(
    res,
    'modelling/create',
    {
      title: `New ${page.kind}`,
      kind: page.kind,
      workspace: page.workspace,
      back: page.back,
      action: `${page.back}/new`,
      values: page.values,
      problem: page.failure?.problem,
      errors: page.failure?.errors ?? {},
    },
    status,
  );
}

/** The create body both APIs take (an empty description is none). */
export const nameBody = (v: NameValues) => ({ name: v.name, slug: v.slug, description: v.description === '' ? null : v.description });
