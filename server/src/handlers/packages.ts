// Packages (tag Packages): the package format's JSON Schemas, the official packages, and export,
// preview and import of content-model packages.
import type { Handler } from '../http/operation.js';
import * as packages from '../services/packages/packages.js';
import { packageJsonSchema } from '../services/packages/package-schema.js';

/** Where the schema documents say they live ($id); stable, like the problem type URIs. */
const SCHEMA_BASE = 'https://verso.dev';
const SCHEMA_JSON = { 'Content-Type': 'application/schema+json' };

export const getPackageSchemaV10: Handler<'getPackageSchemaV10'> = ({ deps, reply }) =>
  reply(200, packageJsonSchema(deps.document, '1.0', SCHEMA_BASE), SCHEMA_JSON);

export const getPackageSchemaV11: Handler<'getPackageSchemaV11'> = ({ deps, reply }) =>
  reply(200, packageJsonSchema(deps.document, '1.1', SCHEMA_BASE), SCHEMA_JSON);

export const listOfficialPackages: Handler<'listOfficialPackages'> = ({ request, reply }) => reply(200, packages.listOfficial(request.query));

export const exportPackage: Handler<'exportPackage'> = async ({ request, deps, reply }) => {
  const { pkg, filename } = await packages.exportWorkspacePackage(deps.db, request.params.workspaceId, request.query);
  return reply(200, pkg, { 'Content-Disposition': `attachment; filename="${filename}"` });
};

export const previewPackageImport: Handler<'previewPackageImport'> = async ({ request, deps, reply }) => {
  const { pkg } = packages.readImportBody(request.body);
  return reply(200, await packages.previewImport(deps.db, request.params.workspaceId, pkg));
};

export const importPackage: Handler<'importPackage'> = async ({ request, actor, deps, reply }) => {
  const { pkg, resolutions } = packages.readImportBody(request.body);
  return reply(200, await packages.runImport(deps.db, actor, request.params.workspaceId, pkg, resolutions));
};

export const previewOfficialPackageImport: Handler<'previewOfficialPackageImport'> = async ({ request, deps, reply }) =>
  reply(200, await packages.previewOfficialImport(deps.db, request.params.workspaceId, request.params.packageId));

export const importOfficialPackage: Handler<'importOfficialPackage'> = async ({ request, actor, deps, reply }) =>
  reply(200, await packages.runOfficialImport(deps.db, actor, request.params.workspaceId, request.params.packageId, request.body));
