// The package routes' entry points: official packages, preview, import and export.
import type { DatabasePool } from 'slonik';
import { notFound } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import type { operations } from '../../generated/openapi.js';
import type {
  CtpPackage,
  OfficialPackageResponsePagedResponse,
  PackageImportBody,
  PackageImportPreviewResponse,
  PackageImportResolutionsRequest,
  PackageImportResponse,
} from '../../generated/schemas.js';
import { pageRequest, toPage } from '../platform/paging.js';
import { buildExport, type ExportMeta } from './package-export.js';
import type { Resolutions } from './package-format.js';
import { importPackage } from './package-import.js';
import { planImport } from './package-plan.js';
import { assertValidPackage } from './package-rules.js';
import { findOfficialPackage, officialPackages } from './official-packages.js';

type OfficialListQuery = NonNullable<operations['listOfficialPackages']['parameters']['query']>;
type ExportQuery = NonNullable<operations['exportPackage']['parameters']['query']>;

export function resolutionsOf(raw: PackageImportResolutionsRequest | null | undefined): Resolutions {
  return { pickLists: raw?.pickLists ?? {}, components: raw?.components ?? {} };
}

/** The body is a package document or `{manifest, resolutions}` (the contract admits both). */
export function readImportBody(body: PackageImportBody): { pkg: CtpPackage; resolutions: Resolutions } {
  if ('manifest' in body) return { pkg: body.manifest, resolutions: resolutionsOf(body.resolutions) };
  return { pkg: body, resolutions: resolutionsOf(undefined) };
}

export function listOfficial(query: OfficialListQuery): OfficialPackageResponsePagedResponse {
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

export async function previewImport(db: DatabasePool, workspaceId: string, pkg: CtpPackage): Promise<PackageImportPreviewResponse> {
  assertValidPackage(pkg);
  return (await planImport(db, workspaceId, pkg)).preview;
}

export const previewOfficialImport = (db: DatabasePool, workspaceId: string, id: string) => previewImport(db, workspaceId, official(id));

export const runImport = (db: DatabasePool, actor: Actor, workspaceId: string, pkg: CtpPackage, resolutions: Resolutions) =>
  importPackage(db, actor, workspaceId, pkg, resolutions);

/** The body (optional) carries only resolutions: the package is the official one. */
export const runOfficialImport = (
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  id: string,
  body: PackageImportResolutionsRequest | undefined,
): Promise<PackageImportResponse> => importPackage(db, actor, workspaceId, official(id), resolutionsOf(body));

const idList = (value: string | undefined): string[] =>
  value === undefined ? [] : value.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '');

export async function exportWorkspacePackage(db: DatabasePool, workspaceId: string, query: ExportQuery): Promise<{ pkg: CtpPackage; filename: string }> {
  const meta: ExportMeta = {
    namespace: query.packageNamespace ?? 'custom',
    id: query.id ?? 'export',
    version: query.version ?? '1.0.0',
  };
  const pkg = await buildExport(db, workspaceId, {
    templateIds: idList(query.templateIds),
    componentIds: idList(query.componentIds),
    picklistIds: idList(query.picklistIds),
  }, meta);
  return { pkg, filename: `${meta.namespace}.${meta.id}@${meta.version}.ctp` };
}
