// The content list of a workspace: `/workspaces/<ws>/content`, the API's editing list (listContent,
// resolve=false) with its filters (template, status, tags, text, locale; and, once a template is
// chosen, its fields: list-fields.ts), sorting (by title, dates, slug or a field) and paging. Each
// row shows the version served now and the latest version with its status (both come with the row:
// no call per row); the filter choices are one listTemplates and one listTags call, kept
// Admin__ReadCacheSeconds per workspace. "New item" is offered to Editor + Write, and shown disabled
// with the reason to anyone else. Editors get a checkbox per row and the bulk bar (bulk.ts).
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { formFailure, type FormFailure } from '../../http/forms.js';
import { contextOf } from '../../context.js';
import { ReadCache } from '../../read-cache.js';
import { formatWhen, zoneOf } from '../../time.js';
import { render } from '../../views/render.js';
import { abilitiesIn } from '../workspace-scope.js';
import { isUuid, pageLinks, pageOf, queryValue } from '../screen-forms.js';
import * as bulk from './bulk.js';
import { BULK_ACTIONS, bulkActionsFor } from './bulk-actions.js';
import * as create from './create.js';
import * as missing from './translation-missing.js';
import { contentLinks } from './editor.js';
import { CONTENT_STATUSES as STATUSES } from './value-form.js';
import { fieldQuery, filterParams, filterRowsOf, filterRowViews, listFields, queryErrors, sortableFields, type ListField } from './list-fields.js';
import { editable, type ContentStatus } from './workflow-rules.js';

type Summary = components['schemas']['ContentItemSummaryResponse'];
type VersionSummary = components['schemas']['ContentVersionSummaryResponse'];

const PAGE_SIZE = 20;

interface Choices {
  templates: components['schemas']['TemplateSummaryResponse'][];
  tags: string[];
  /** The workspace's configured locales (the Locale filter offers them; none: a free text input). */
  locales: { code: string; label: string }[];
}
const choicesCache = new ReadCache<Choices>(2000);

/**
 * The filters' templates and tags (first 100 of each), shared by everyone who reaches the
 * workspace: the page shows them only beside that user's own listContent answer, so they never
 * reveal a workspace the user cannot read.
 */
function filterChoices(res: express.Response, workspaceId: string): Promise<Choices> {
  const { config } = contextOf(res);
  return choicesCache.get(`${config.apiBaseUrl} ${workspaceId}`, config.readCacheSeconds * 1000, async () => {
    const api = apiFor(res);
    const [templates, tags, locales] = await Promise.all([
      api.listTemplates({ path: { workspaceId }, query: { pageSize: 100 } }),
      api.listTags({ path: { workspaceId }, query: { pageSize: 100 } }),
      api.getWorkspaceLocales({ path: { workspaceId } }),
    ]);
    return { templates: templates.items, tags: tags.items.map((t) => t.name), locales: locales.locales.map((l) => ({ code: l.code, label: `${l.name} (${l.code})` })) };
  });
}
const SORTS = [
  { value: 'updatedAt', label: 'Last changed' },
  { value: 'createdAt', label: 'Created' },
  { value: 'title', label: 'Title' },
  { value: 'slug', label: 'Slug' },
] as const;
/** One of SORTS, or `fields.<key>`: a field of the chosen template. */
type Sort = (typeof SORTS)[number]['value'] | `fields.${string}`;
const FIELD_SORT = /^fields\.[A-Za-z][A-Za-z0-9_-]{0,63}$/;

interface Filters {
  q: string;
  template: string;
  status: ContentStatus | '';
  tags: string[];
  locale: string;
  sort: Sort;
  dir: 'desc' | 'asc';
}

/** Tags from the query: repeated `tags` (checkboxes) or one comma-separated value (page links). */
function tagsOf(query: express.Request['query']): string[] {
  const raw = query.tags;
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return [...new Set(values.flatMap((v) => (typeof v === 'string' ? v.split(',') : [])).map((t) => t.trim().toLowerCase()).filter(Boolean))].slice(0, 50);
}

function filtersOf(query: express.Request['query']): Filters {
  const template = queryValue(query, 'template');
  const status = queryValue(query, 'status') as ContentStatus;
  const sort = queryValue(query, 'sort') as Sort;
  return {
    q: queryValue(query, 'q').trim().slice(0, 200),
    template: isUuid(template) ? template : '',
    status: STATUSES.includes(status) ? status : '',
    tags: tagsOf(query),
    locale: queryValue(query, 'locale').trim().slice(0, 20),
    sort: SORTS.some((s) => s.value === sort) || (FIELD_SORT.test(sort) && isUuid(template)) ? sort : 'updatedAt',
    dir: queryValue(query, 'dir') === 'asc' ? 'asc' : 'desc',
  };
}

function servedText(v: VersionSummary | null | undefined, zone: string): string {
  if (!v) return '';
  return v.effectiveStartAt ? `${formatWhen(v.effectiveStartAt, zone)} – ${formatWhen(v.effectiveEndAt, zone)}` : 'no window';
}

/** The filterable fields of the chosen template's current version ([] for none, or no published version). */
async function templateFields(res: express.Response, workspaceId: string, templateId: string): Promise<ListField[]> {
  if (!templateId) return [];
  const template = await apiFor(res).getTemplate({ path: { workspaceId, id: templateId } });
  return listFields(template.currentVersion?.fields ?? []);
}

type ListAnswer = components['schemas']['ContentItemSummaryResponsePagedResponse'];

/**
 * The bulk bar (bulk.ts) for a user with `actions` (none: no checkboxes). "Select all on this page"
 * is a link (`select=all`) so it works without JavaScript; `back` brings the result page back here.
 */
function bulkBar(req: express.Request, list: string, params: Record<string, string>, page: number, actions: ReturnType<typeof bulkActionsFor>) {
  if (actions.length === 0) return null;
  const here = new URLSearchParams(Object.entries({ ...params, page: page > 1 ? String(page) : '' }).filter(([, v]) => v !== ''));
  const withSelect = new URLSearchParams(here);
  withSelect.set('select', 'all');
  const query = here.toString();
  return {
    action: `${list}/bulk`,
    actions: actions.map((a) => ({ value: a, label: BULK_ACTIONS[a].label })),
    selectAll: queryValue(req.query, 'select') === 'all',
    selectAllHref: `${list}?${withSelect.toString()}`,
    clearHref: query ? `${list}?${query}` : list,
    back: query ? `${list}?${query}` : list,
  };
}

export function register(router: express.Router): void {
  create.register(router);
  bulk.register(router);
  missing.register(router);

  router.get('/workspaces/:workspaceId/content', async (req, res, next) => {
    const workspaceId = req.params.workspaceId;
    if (!isUuid(workspaceId)) return next();
    const f = filtersOf(req.query);
    const page = pageOf(req.query);
    const api = apiFor(res);
    const path = { workspaceId };
    const zone = zoneOf(res);
    const fields = await templateFields(res, workspaceId, f.template);
    const filterRows = f.template ? filterRowsOf(req.query) : [];
    const byField = fieldQuery(filterRows, fields, zone);
    // A filter the form cannot read is not sent: the page shows the message at its row and no rows.
    const readable = Object.keys(byField.errors).length === 0;
    const listed = async (): Promise<ListAnswer | FormFailure> => {
      if (!readable) return { problem: { status: 400, title: 'A filter needs a change', detail: 'The list is not filtered until each marked filter can be read.' }, errors: byField.errors };
      try {
        return await api.listContent({
          path,
          query: {
            ...(f.q ? { q: f.q } : {}),
            ...(f.template ? { templateId: f.template } : {}),
            ...(f.status ? { status: f.status } : {}),
            ...(f.tags.length ? { tags: f.tags.join(',') } : {}),
            ...(f.locale ? { localeCode: f.locale } : {}),
            ...(Object.keys(byField.filter).length > 0 ? { filter: byField.filter } : {}),
            sortBy: f.sort,
            sortDesc: f.dir === 'desc',
            page,
            pageSize: PAGE_SIZE,
          },
        });
      } catch (err) {
        // The API refuses a filter or sort it cannot apply (400 naming the parameter): shown at its input.
        const failure = formFailure(err, [400]);
        if (!failure) throw err;
        return { problem: failure.problem, errors: queryErrors(failure.errors, filterRows) };
      }
    };
    const [abilities, answer, { templates, tags, locales }] = await Promise.all([abilitiesIn(res, workspaceId), listed(), filterChoices(res, workspaceId)]);
    const failure = 'problem' in answer ? answer : undefined;
    const list: ListAnswer = 'problem' in answer ? { items: [], totalCount: 0, page, pageSize: PAGE_SIZE, totalPages: 0 } : answer;
    const links = contentLinks(workspaceId);
    const rows = list.items.map((i: Summary) => {
      const latest = i.latestVersion ?? null;
      const canEdit = latest ? editable(latest.status, abilities).allowed : false;
      return {
        id: i.id,
        title: i.title,
        slug: i.slug || '(no slug)',
        template: i.templateName,
        author: i.author?.name ?? '',
        locale: i.localeCode ?? '',
        tags: i.tags,
        served: i.currentlyServingVersion ? { number: i.currentlyServingVersion.versionNumber, window: servedText(i.currentlyServingVersion, zone) } : null,
        latest: latest ? { number: latest.versionNumber, status: latest.status } : null,
        updated: formatWhen(i.updatedAt, zone),
        itemLink: links.item(i.id),
        editorLink: latest ? links.editor(i.id, latest.versionNumber) : null,
        editorLabel: canEdit ? 'Edit' : 'View fields',
      };
    });
    const params = { q: f.q, template: f.template, status: f.status, tags: f.tags.join(','), locale: f.locale, ...filterParams(filterRows), sort: f.sort === 'updatedAt' ? '' : f.sort, dir: f.dir === 'desc' ? '' : f.dir };
    const filtered = Boolean(f.q || f.template || f.status || f.tags.length || f.locale || filterRows.length);
    const errors = failure?.errors ?? {};
    const templateName = templates.find((t) => t.id === f.template)?.name ?? '';
    await render(res, 'content/list', {
      title: `Content · ${abilities.workspace.name}`,
      workspaceId,
      workspace: abilities.workspace,
      filters: f,
      filtered,
      statuses: STATUSES,
      sorts: SORTS,
      fieldSorts: sortableFields(fields).map((x) => ({ value: `fields.${x.key}`, label: x.label })),
      fieldFilters: f.template ? { templateName, fields, rows: filterRowViews(filterRows, fields, errors, zone) } : null,
      problem: failure?.problem,
      errors,
      templates,
      tags: [...new Set([...tags, ...f.tags])],
      // A filter on a locale the workspace no longer configures (an item from before) stays choosable.
      locales: locales.length === 0 || locales.some((l) => l.code.toLowerCase() === f.locale.toLowerCase()) || !f.locale ? locales : [...locales, { code: f.locale, label: `${f.locale} (not configured)` }],
      missingPath: locales.length > 0 ? missing.missingTranslationsPath(workspaceId) : null,
      rows,
      totalCount: list.totalCount,
      page,
      totalPages: list.totalPages,
      pager: pageLinks(links.list, params, page, list.totalPages),
      listPath: links.list,
      newItem: { href: create.createPath(workspaceId), permission: abilities.editContent },
      bulk: bulkBar(req, links.list, params, page, bulkActionsFor(abilities)),
    });
  });
}
