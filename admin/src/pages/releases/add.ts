// "Add to release": the chooser behind the item page's button (one item's version) and the content
// list's bulk bar (the ticked items). It lists the releases that can still change (Open, Scheduled,
// Failed) and offers a new one by name, with the entry's action: publish, or archive. An item sent
// without a version gets the natural one for the action: its newest Approved version to publish (the
// newest version when none is Approved: the validation then says it still needs approving), the
// served one to archive. Each item is added on its own; failures are listed by title with the reason.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor, VersoApiError } from '../../api.js';
import { field, fieldValues, formFailure, type FormFailure } from '../../http/forms.js';
import { zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { itemNameOf, itemPaths } from '../content/item-paths.js';
import { isUuid, refuse, when } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities } from '../workspace-scope.js';
import { isEditable, mayChange, releasePaths, ROUTE } from './release-scope.js';

type Item = components['schemas']['ContentItemDetailResponse'];
type EntryAction = components['schemas']['ReleaseEntryAction'];

/** The most items one step adds: a page of the content list at its largest. */
export const MAX_ITEMS = 100;

/** One posted item: `<id>` or `<id>:<version>`. */
interface Wanted {
  id: string;
  versionNumber?: number;
}

function wantedOf(raw: readonly string[]): Wanted[] | undefined {
  const out: Wanted[] = [];
  const seen = new Set<string>();
  for (const value of raw) {
    const [id, n] = value.split(':');
    if (!isUuid(id)) return undefined;
    const versionNumber = n === undefined ? undefined : Number(n);
    if (versionNumber !== undefined && !(Number.isInteger(versionNumber) && versionNumber >= 1 && versionNumber <= 2147483647)) return undefined;
    const key = id.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ id: key, versionNumber });
  }
  return out;
}

/** The version an entry takes when the item was sent without one (see the top of this file). */
function naturalVersion(item: Item, action: EntryAction): number | undefined {
  if (action === 'archive') return item.currentlyServingVersion?.versionNumber;
  return (item.versions.find((v) => v.status === 'Approved') ?? item.versions[0])?.versionNumber;
}

interface Chosen {
  wanted: Wanted;
  /** Undefined when the item could not be read (gone, or not in this workspace). */
  item?: Item;
}

async function readItems(res: express.Response, workspaceId: string, wanted: Wanted[]): Promise<Chosen[]> {
  const api = apiFor(res);
  return Promise.all(
    wanted.map(async (w) => {
      try {
        return { wanted: w, item: await api.getContent({ path: { workspaceId, id: w.id } }) };
      } catch (err) {
        if (err instanceof VersoApiError && err.status === 404) return { wanted: w };
        throw err;
      }
    }),
  );
}

interface ChooserState {
  releaseId?: string;
  name?: string;
  action?: EntryAction;
  failure?: FormFailure;
  /** After adding: what failed, by item. */
  failed?: { title: string; href: string; message: string }[];
  addedTo?: { name: string; href: string; count: number };
}

async function chooserPage(res: express.Response, scope: WorkspaceAbilities, chosen: Chosen[], state: ChooserState = {}, status?: number): Promise<void> {
  const workspaceId = scope.workspace.id;
  const zone = zoneOf(res);
  // The releases that can still take entries, newest first (the first page is plenty to choose from).
  const open = (await apiFor(res).listReleases({ path: { workspaceId }, query: { page: 1, pageSize: 100 } })).items.filter((r) => isEditable(r.state));
  const single = chosen.length === 1 ? chosen[0] : undefined;
  const singleVersion = single?.item && single.wanted.versionNumber !== undefined ? single.item.versions.find((v) => v.versionNumber === single.wanted.versionNumber) : undefined;
  const action: EntryAction = state.action ?? (singleVersion?.status === 'Published' ? 'archive' : 'publish');
  const releaseId = state.releaseId ?? open[0]?.id ?? 'new';
  await render(
    res,
    'releases/add',
    {
      title: 'Add to release',
      paths: releasePaths(workspaceId),
      workspace: scope.workspace,
      items: chosen.map((c) => ({
        value: c.wanted.versionNumber === undefined ? c.wanted.id : `${c.wanted.id}:${c.wanted.versionNumber}`,
        title: c.item ? itemNameOf(c.item) : 'An item that is gone',
        href: itemPaths(workspaceId, c.wanted.id).root,
        version: c.wanted.versionNumber === undefined ? undefined : `Version ${c.wanted.versionNumber}${c.item?.versions.find((v) => v.versionNumber === c.wanted.versionNumber)?.status ? ` (${c.item.versions.find((v) => v.versionNumber === c.wanted.versionNumber)!.status})` : ''}`,
      })),
      anyWithoutVersion: chosen.some((c) => c.wanted.versionNumber === undefined),
      releases: open.map((r) => ({ id: r.id, label: `${r.name} (${r.state === 'Scheduled' ? `scheduled for ${when(r.publishAt, zone)}` : r.state}, ${r.entryCount} ${r.entryCount === 1 ? 'entry' : 'entries'})` })),
      releaseId,
      name: state.name ?? '',
      action,
      problem: state.failure?.problem,
      errors: state.failure?.errors ?? {},
      failed: state.failed,
      addedTo: state.addedTo,
      back: single ? itemPaths(workspaceId, single.wanted.id).root : `/workspaces/${encodeURIComponent(workspaceId)}/content`,
    },
    status,
  );
}

const tooMany = (n: number): FormFailure => ({
  problem: { status: 422, title: 'Too many items', detail: `${n} items were chosen; add at most ${MAX_ITEMS} in one step (a page of the content list).` },
  errors: {},
});

/** The ids of the chooser's URL or form, or a page that says why not. */
async function chosenOf(res: express.Response, scope: WorkspaceAbilities, raw: string[]): Promise<Chosen[] | undefined> {
  const wanted = wantedOf(raw);
  if (!wanted || wanted.length === 0) {
    await render(res, 'errors/problem', { title: 'Nothing to add', problem: { status: 400, title: 'Nothing to add', detail: 'Choose one or more content items first (tick them in the content list, or use Add to release on an item’s page).' } }, 400);
    return undefined;
  }
  if (wanted.length > MAX_ITEMS) {
    await chooserPage(res, scope, [], { failure: tooMany(wanted.length) }, 422);
    return undefined;
  }
  return readItems(res, scope.workspace.id, wanted);
}

export function register(router: express.Router): void {
  router.get(`${ROUTE}/add`, async (req, res, next) => {
    const { workspaceId } = req.params as Record<string, string>;
    if (!isUuid(workspaceId)) return next();
    const scope = await abilitiesIn(res, workspaceId.toLowerCase());
    const allowed = mayChange(scope);
    if (!allowed.allowed) return refuse(res, allowed.reason);
    const q = req.query.items;
    const raw = (Array.isArray(q) ? q : q === undefined ? [] : [q]).filter((x): x is string => typeof x === 'string');
    const chosen = await chosenOf(res, scope, raw);
    if (chosen) await chooserPage(res, scope, chosen);
  });

  router.post(`${ROUTE}/add`, async (req, res, next) => {
    const { workspaceId: rawWorkspaceId } = req.params as Record<string, string>;
    if (!isUuid(rawWorkspaceId)) return next();
    const workspaceId = rawWorkspaceId.toLowerCase();
    const scope = await abilitiesIn(res, workspaceId);
    const allowed = mayChange(scope);
    if (!allowed.allowed) return refuse(res, allowed.reason);
    // The chooser sends `items`; the content list's bulk bar sends its ticked rows as `ids` (and the
    // action chosen on the bar, which becomes the default when it is archive).
    const fromBar = field(req, 'step') !== 'add';
    const chosen = await chosenOf(res, scope, fromBar ? fieldValues(req, 'ids') : fieldValues(req, 'items'));
    if (!chosen) return;
    if (fromBar) return chooserPage(res, scope, chosen, { action: field(req, 'action') === 'archive' ? 'archive' : undefined });

    const action: EntryAction = field(req, 'action') === 'archive' ? 'archive' : 'publish';
    const releaseChoice = field(req, 'releaseId');
    const name = field(req, 'name').trim();
    const state: ChooserState = { releaseId: releaseChoice, name, action };
    const api = apiFor(res);
    let release: { id: string; name: string };
    if (releaseChoice === 'new' || releaseChoice === '') {
      try {
        release = await api.createRelease({ path: { workspaceId }, body: { name } });
      } catch (err) {
        const failure = formFailure(err);
        if (!failure) throw err;
        if (name === '') failure.errors['/name'] = ['Name the new release, or choose one of the releases above.'];
        return chooserPage(res, scope, chosen, { ...state, failure }, 422);
      }
    } else if (isUuid(releaseChoice)) {
      release = { id: releaseChoice, name: '' };
    } else {
      return chooserPage(res, scope, chosen, { ...state, failure: { problem: { status: 422, title: 'Choose a release', detail: 'Choose one of the releases, or a new one with its name.' }, errors: { '/releaseId': ['Choose a release.'] } } }, 422);
    }

    const failed: { title: string; href: string; message: string }[] = [];
    let added = 0;
    let latestName = release.name;
    // One at a time, in the order chosen: each add is the API's own (its rules, its audit entry).
    for (const c of chosen) {
      const title = c.item ? itemNameOf(c.item) : 'An item that is gone';
      const href = itemPaths(workspaceId, c.wanted.id).root;
      const versionNumber = c.wanted.versionNumber ?? (c.item ? naturalVersion(c.item, action) : undefined);
      if (versionNumber === undefined) {
        failed.push({ title, href, message: c.item ? 'It serves nothing, so there is nothing to archive.' : 'The item is gone.' });
        continue;
      }
      try {
        const now = await api.addReleaseEntry({ path: { workspaceId, id: release.id }, body: { itemId: c.wanted.id, versionNumber, action } });
        latestName = now.name;
        added++;
      } catch (err) {
        const failure = formFailure(err, [403, 404, 409, 422]);
        if (!failure) throw err;
        // A release that can no longer take entries (published meanwhile) refuses every item alike: said once.
        if (failure.problem.status === 409 && added === 0) return chooserPage(res, scope, chosen, { ...state, failure }, 409);
        failed.push({ title, href, message: failure.problem.detail ?? failure.problem.title });
      }
    }
    const target = releasePaths(workspaceId, release.id).release;
    const addedText = `${added} ${added === 1 ? 'item' : 'items'} added to release “${latestName}” to ${action}.`;
    if (failed.length === 0) {
      setFlash(res, 'success', addedText);
      return res.redirect(303, target);
    }
    await chooserPage(res, scope, chosen, { ...state, failed, addedTo: { name: latestName || 'the release', href: target, count: added } }, added === 0 ? 422 : 200);
  });
}
