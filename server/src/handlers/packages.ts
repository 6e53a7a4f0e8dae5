import type { OperationHandler } from '../http/operation.js';
import * as packages from '../services/packages/packages.js';
import { packageJsonSchema } from '../services/packages/package-schema.js';
import { param } from './model-request.js';

/** Where the schema documents say they live ($id); stable, like the problem type URIs. */
const SCHEMA_BASE = 'https://verso.dev';

export const getPackageSchemaV10: OperationHandler = ({ deps }) => ({
  status: 200,
  body: packageJsonSchema(deps.document, '1.0', SCHEMA_BASE),
  contentType: 'application/schema+json',
});

export const getPackageSchemaV11: OperationHandler = ({ deps }) => ({
  status: 200,
  body: packageJsonSchema(deps.document, '1.1', SCHEMA_BASE),
  contentType: 'application/schema+json',
});

export const listOfficialPackages: OperationHandler = ({ request }) => ({ status: 200, body: packages.listOfficial(request.query) });

export const exportPackage: OperationHandler = async ({ request, deps }) => {
  const { pkg, filename } = await packages.exportWorkspacePackage(deps.db, param(request, 'workspaceId'), request.query);
  return { status: 200, body: pkg, headers: { 'Content-Disposition': `attachment; filename="${filename}"` } };
};

export const previewPackageImport: OperationHandler = async ({ request, deps }) => {
  const { pkg } = packages.readImportBody(request.body);
  return { status: 200, body: await packages.previewImport(deps.db, param(request, 'workspaceId'), pkg) };
};

export const importPackage: OperationHandler = async ({ request, actor, deps }) => {
  const { pkg, resolutions } = packages.readImportBody(request.body);
  return { status: 200, body: await packages.runImport(deps.db, actor!, param(request, 'workspaceId'), pkg, resolutions) };
};

export const previewOfficialPackageImport: OperationHandler = async ({ request, deps }) => ({
  status: 200,
  body: await packages.previewOfficialImport(deps.db, param(request, 'workspaceId'), param(request, 'packageId')),
});

export const importOfficialPackage: OperationHandler = async ({ request, actor, deps }) => ({
  status: 200,
  body: await packages.runOfficialImport(deps.db, actor!, param(request, 'workspaceId'), param(request, 'packageId'), request.body),
});
