// The package routes' entry points: official packages, preview, import and export.
import type { DatabasePool } from 'slonik';
import { notFound } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import { pageRequest, toPage } from '../platform/paging.js';
import { buildExport, type ExportMeta } from './package-export.js';
import type { CtpPackage, Resolutions } from './package-format.js';
import { importPackage } from './package-import.js';
import { planImport } from './package-plan.js';
import { assertValidPackage } from './package-rules.js';
import { findOfficialPackage, officialPackages } from './official-packages.js';

interface ImportBody {
  readonly manifest?: CtpPackage;
  readonly resolutions?: { pickLists?: Record<string, string> | null; components?: Record<string, string> | null } | null;
}

export function resolutionsOf(raw: ImportBody['resolutions'] | undefined): Resolutions {
  return { pickLists: (raw?.pickLists ?? {}) as Resolutions['pickLists'], components: (raw?.components ?? {}) as Resolutions['components'] };
}

/** The body is a package document or `{manifest, resolutions}` (the contract admits both). */
export function readImportBody(body: unknown): { pkg: CtpPackage; resolutions: Resolutions } {
  const b = body as ImportBody & CtpPackage;
  if (b.manifest) return { pkg: b.manifest, resolutions: resolutionsOf(b.resolutions) };
  return { pkg: b, resolutions: resolutionsOf(undefined) };
}

export function listOfficial(query: Readonly<Record<string, unknown>>) {
  const page = pageRequest(query);
  const all = officialPackages().map((p) => ({
    packageNamespace: p.namespace,
    id: p.id,
    version: p.version,
    name: p.name,
    description: p.description ?? null,
    author: p.author ?? null,
    license: p.license ?? null,
    homepage: p.homepage ?? null,
    templateCount: p.templates.length,
    templates: p.templates.map((t) => ({ slug: t.slug, name: t.name, description: t.description ?? null })),
    pickListCount: p.picklists?.length ?? 0,
    componentCount: p.components?.length ?? 0,
  }));
  return toPage(all.slice(page.offset, page.offset + page.pageSize), all.length, page);
}

function official(id: string): CtpPackage {
  const pkg = findOfficialPackage(id);
  if (!pkg) throw notFound('The official package');
  return pkg;
}

export async function previewImport(db: DatabasePool, workspaceId: string, pkg: CtpPackage) {
  assertValidPackage(pkg);
  return (await planImport(db, workspaceId, pkg)).preview;
}

export const previewOfficialImport = (db: DatabasePool, workspaceId: string, id: string) => previewImport(db, workspaceId, official(id));

export const runImport = (db: DatabasePool, actor: Actor, workspaceId: string, pkg: CtpPackage, resolutions: Resolutions) =>
  importPackage(db, actor, workspaceId, pkg, resolutions);

export const runOfficialImport = (db: DatabasePool, actor: Actor, workspaceId: string, id: string, body: unknown) =>
  importPackage(db, actor, workspaceId, official(id), resolutionsOf(body as ImportBody['resolutions']));

const idList = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '') : [];

export async function exportWorkspacePackage(db: DatabasePool, workspaceId: string, query: Readonly<Record<string, unknown>>) {
  const meta: ExportMeta = {
    namespace: typeof query.packageNamespace === 'string' ? query.packageNamespace : 'custom',
    id: typeof query.id === 'string' ? query.id : 'export',
    version: typeof query.version === 'string' ? query.version : '1.0.0',
  };
  const pkg = await buildExport(db, workspaceId, {
    templateIds: idList(query.templateIds),
    componentIds: idList(query.componentIds),
    picklistIds: idList(query.picklistIds),
  }, meta);
  return { pkg, filename: `${meta.namespace}.${meta.id}@${meta.version}.ctp` };
}
