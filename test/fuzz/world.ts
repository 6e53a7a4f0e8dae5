// The target workspace the fuzzer aims at, as the fuzzer knows it: the ids that exist (templates
// with their versions, sections and fields; components; picklists with revisions; content items with
// their versions and slugs; tags; users; API clients; official packages), the four callers, and the
// throwaway entities that destructive operations are pointed at so the callers and the workspace
// survive the run. The world learns from the run itself: a 201 adds the new entity, a 204 from a
// delete forgets it, and `topUp` re-creates what the run used up.
import crypto from 'node:crypto';
import type { TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery, type Role } from '../helpers/actors.js';
import type { CallerName } from './fuzz-request.js';

export interface TemplateVersionRecord {
  number: number;
  id: string;
  sectionIds: string[];
  fieldIds: string[];
}
export interface TemplateRecord {
  id: string;
  versions: TemplateVersionRecord[];
}
export interface ContentRecord {
  id: string;
  slug: string;
  versions: number[];
}
export interface Caller {
  readonly name: CallerName;
  readonly role?: Role;
  readonly token?: string;
  readonly userId?: string;
}

/** Pools never grow past this: the run would otherwise keep ids of everything it ever created. */
const POOL_CAP = 200;

export class FuzzWorld {
  readonly templates: TemplateRecord[] = [];
  readonly components: { id: string; versions: number[] }[] = [];
  readonly picklists: { id: string; revisionIds: string[] }[] = [];
  readonly contents: ContentRecord[] = [];
  readonly tags: string[] = [];
  /** Users that are none of the callers (safe to read; destructive user operations get fresh ones). */
  readonly users: { id: string; email: string }[] = [];
  readonly clients: string[] = [];
  readonly packages: string[] = [];
  readonly assets: string[] = [];
  /** Webhook endpoints of the target workspace (the webhook-url class updates one). */
  readonly webhooks: string[] = [];
  /** Media assets of the target workspace (uploads join, deletes leave). */
  readonly media: string[] = [];
  /** Emails whose password is the fixture password (the callers'): sign-in can succeed. */
  readonly loginEmails: string[] = [];
  /** Tokens that once worked: an expired session, a revoked API client. */
  readonly staleTokens: string[] = [];
  /** The published "article" template: a body naming these is one the server can accept. */
  article = { templateVersionId: '', titleFieldId: '' };
  callers!: Readonly<Record<CallerName, Caller>>;
  /** Seeds the pools again when a run used them up (set by world-seed.ts). */
  replenish: (world: FuzzWorld) => Promise<void> = async () => {};

  constructor(
    readonly api: TestApi,
    readonly ws: string,
    /** Superadmin that seeded the world; never a caller, so the run cannot end its session. */
    readonly ownerToken: string,
  ) {}

  get base(): string {
    return `/api/v1/workspaces/${this.ws}`;
  }

  /** Every id the world knows, for uuid values no rule names. */
  anyId(n: number): string {
    const all = [
      this.ws,
      ...this.templates.flatMap((t) => [t.id, ...t.versions.flatMap((v) => [v.id, ...v.sectionIds, ...v.fieldIds])]),
      ...this.components.map((c) => c.id),
      ...this.picklists.flatMap((p) => [p.id, ...p.revisionIds]),
      ...this.contents.map((c) => c.id),
      ...this.tags,
      ...this.users.map((u) => u.id),
      ...this.clients,
      ...this.media,
    ];
    return all[n % all.length]!;
  }

  /** A user of `role` with a live session that exists for one request (self-destructive operations). */
  async throwawayCaller(role: Role): Promise<Caller> {
    const grants: Record<string, 'Read' | 'Write'> = { [this.ws]: role === 'Reader' ? 'Read' : 'Write' };
    const actor = await createActor(this.api, { role, grants, superadmin: role === 'Admin' });
    return { name: role as CallerName, role, token: actor.token, userId: actor.id };
  }

  /** A user that no caller depends on, for delete / update / reset-password. */
  async throwawayUser(): Promise<{ id: string; email: string }> {
    const actor = await createActor(this.api, { role: 'Editor', grants: { [this.ws]: 'Write' } });
    return { id: actor.id, email: actor.email };
  }

  /** A workspace nothing else lives in, for delete-workspace. */
  async throwawayWorkspace(): Promise<string> {
    return (await createWorkspace(this.api, { slug: `fuzz-doomed-${crypto.randomBytes(5).toString('hex')}` })).id;
  }

  /** Updates the pools from a response: a created entity joins, a deleted one leaves. */
  learn(operationId: string, params: Readonly<Record<string, string>>, status: number, body: unknown): void {
    const b = (body ?? {}) as Record<string, any>;
    const id = typeof b.id === 'string' ? b.id : undefined;
    const template = this.templates.find((t) => t.id === params.id);
    const version = template?.versions.find((v) => String(v.number) === params.versionNumber);
    const content = this.contents.find((c) => c.id === params.id);
    if (status === 204) {
      const drop = <T>(list: T[], match: (x: T) => boolean) => {
        const i = list.findIndex(match);
        if (i >= 0) list.splice(i, 1);
      };
      if (operationId === 'deleteTemplate') drop(this.templates, (t) => t.id === params.id);
      if (operationId === 'deleteTemplateSection' && version) drop(version.sectionIds, (s) => s === params.sectionId);
      if (operationId === 'deleteTemplateField' && version) drop(version.fieldIds, (f) => f === params.fieldId);
      if (operationId === 'deletePickList') drop(this.picklists, (p) => p.id === params.id);
      if (operationId === 'deleteTag') drop(this.tags, (t) => t === params.id);
      if (operationId === 'deleteContent') drop(this.contents, (c) => c.id === params.id);
      if (operationId === 'deleteContentVersion' && content) drop(content.versions, (v) => String(v) === params.versionNumber);
      if (operationId === 'deleteUser') drop(this.users, (u) => u.id === params.id);
      if (operationId === 'deleteMedia') drop(this.media, (m) => m === params.id);
      if (operationId === 'deleteWebhookEndpoint') drop(this.webhooks, (h) => h === params.id);
      return;
    }
    if (status !== 201 && !(status === 200 && operationId === 'createComponentVersion')) return;
    const capped = <T>(list: T[], item: T) => {
      list.push(item);
      if (list.length > POOL_CAP) list.shift();
    };
    switch (operationId) {
      case 'createTemplate':
        if (id && typeof b.currentVersion?.id === 'string') {
          capped(this.templates, { id, versions: [{ number: b.currentVersion.versionNumber ?? 1, id: b.currentVersion.id, sectionIds: [], fieldIds: [] }] });
        }
        break;
      case 'createTemplateVersion':
        if (id && template && typeof b.versionNumber === 'number') template.versions.push({ number: b.versionNumber, id, sectionIds: [], fieldIds: [] });
        break;
      case 'createTemplateSection':
        if (id && version) capped(version.sectionIds, id);
        break;
      case 'createTemplateField':
        if (id && version) capped(version.fieldIds, id);
        break;
      case 'createComponent':
        if (id) capped(this.components, { id, versions: [1] });
        break;
      case 'createComponentVersion': {
        const component = this.components.find((c) => c.id === params.id);
        if (component && typeof b.versionNumber === 'number' && !component.versions.includes(b.versionNumber)) component.versions.push(b.versionNumber);
        break;
      }
      case 'createPickList':
        if (id && typeof b.currentRevisionId === 'string') capped(this.picklists, { id, revisionIds: [b.currentRevisionId] });
        break;
      case 'createContent':
        if (id) capped(this.contents, { id, slug: typeof b.slug === 'string' ? b.slug : '', versions: [1] });
        break;
      case 'createContentVersion':
        if (content && typeof b.versionNumber === 'number') content.versions.push(b.versionNumber);
        break;
      case 'createUser':
        if (typeof b.userId === 'string') capped(this.users, { id: b.userId, email: '' });
        break;
      case 'createApiClient':
        if (typeof b.client?.id === 'string') capped(this.clients, b.client.id);
        break;
      case 'uploadMedia':
        if (id) capped(this.media, id);
        break;
      case 'createWebhookEndpoint':
        if (typeof b.endpoint?.id === 'string') capped(this.webhooks, b.endpoint.id);
        break;
    }
  }

  /** Re-creates what deletes used up, so path ids keep pointing at real entities. */
  async topUp(): Promise<void> {
    if (this.contents.length < 6 || this.templates.length < 3 || this.tags.length < 2 || this.picklists.length < 2 || this.media.length < 2 || this.webhooks.length < 1) {
      await this.replenish(this);
    }
  }

  /** Rows in the target workspace, for the report (how much the run really touched). */
  async census(): Promise<Record<string, number>> {
    const [row] = await dbQuery(
      this.api,
      `SELECT (SELECT count(*) FROM templates WHERE workspace_id = $1)::int AS templates,
              (SELECT count(*) FROM content_items WHERE workspace_id = $1)::int AS items,
              (SELECT count(*) FROM content_versions v JOIN content_items i ON i.id = v.content_item_id WHERE i.workspace_id = $1)::int AS versions`,
      [this.ws],
    );
    return row as Record<string, number>;
  }
}
