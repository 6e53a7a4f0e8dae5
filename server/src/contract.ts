// Loads the bundled contract and checks it against the OpenAPI 3.1 schema before anything is bound
// to it: a broken document stops start-up instead of half-validating requests.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CONTRACT_PATH = fileURLToPath(new URL('../../openapi/dist/openapi.json', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

export async function loadContract(file = CONTRACT_PATH): Promise<Record<string, unknown>> {
  const document = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  if (!result.valid) {
    throw new Error(`the API contract ${file} is not valid OpenAPI 3.1: ${JSON.stringify(result.errors).slice(0, 2000)}`);
  }
  return document;
}

export function readVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
