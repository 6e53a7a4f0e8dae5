// What an import did (PackageImportResponse), in words: per template, picklist and component the
// action the API took and where it landed (a picklist imported as new has a numbered slug).
import type { components } from '@verso/sdk';

type ImportResult = components['schemas']['PackageImportResponse'];

const ACTION_TEXT: Record<string, string> = {
  imported: 'Created',
  updated: 'New published version',
  useExisting: 'Kept the existing one',
  replaced: 'Replaced the existing one',
  importedAsNew: 'Created as a new one',
};

const actionText = (action: string) => ACTION_TEXT[action] ?? action;

export function resultModel(result: ImportResult) {
  return {
    ...result,
    templates: result.imported.map((t) => ({ ...t, actionText: actionText(t.action) })),
    pickLists: result.pickLists.map((p) => ({ ...p, actionText: actionText(p.action) })),
    components: result.components.map((c) => ({ ...c, actionText: actionText(c.action) })),
  };
}
