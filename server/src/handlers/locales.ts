// Workspace locales (tag Workspaces). SCAFFOLD: replaced by the locales work in progress.
import type { Handler } from '../http/operation.js';

export const getWorkspaceLocales: Handler<'getWorkspaceLocales'> = async () => {
  throw new Error('getWorkspaceLocales is not built yet');
};

export const updateWorkspaceLocales: Handler<'updateWorkspaceLocales'> = async () => {
  throw new Error('updateWorkspaceLocales is not built yet');
};
