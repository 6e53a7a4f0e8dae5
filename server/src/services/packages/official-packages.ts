// The official packages shipped with Verso (server/packages/official/*.ctp). They are read once,
// checked against the package rules at first use, and served in name order.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertValidPackage } from './package-rules.js';
import type { CtpPackage } from '../../generated/schemas.js';

export const OFFICIAL_PACKAGES_DIR = fileURLToPath(new URL('../../../packages/official/', import.meta.url));

let cache: readonly CtpPackage[] | undefined;

export function officialPackages(directory = OFFICIAL_PACKAGES_DIR): readonly CtpPackage[] {
  if (cache && directory === OFFICIAL_PACKAGES_DIR) return cache;
  const packages = fs
    .readdirSync(directory)
    .filter((f) => f.endsWith('.ctp'))
    .map((f) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(directory, f), 'utf8')) as CtpPackage;
      assertValidPackage(pkg);
      return pkg;
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  if (directory === OFFICIAL_PACKAGES_DIR) cache = packages;
  return packages;
}

export function findOfficialPackage(id: string): CtpPackage | undefined {
  return officialPackages().find((p) => p.id.toLowerCase() === id.toLowerCase());
}
