// Releases (tag Releases): scaffold until the service lands.
import type { Handler } from '../http/operation.js';

const notYet = (): never => {
  throw new Error('Releases are not implemented yet.');
};

export const listReleases: Handler<'listReleases'> = async () => notYet();
export const createRelease: Handler<'createRelease'> = async () => notYet();
export const getRelease: Handler<'getRelease'> = async () => notYet();
export const updateRelease: Handler<'updateRelease'> = async () => notYet();
export const deleteRelease: Handler<'deleteRelease'> = async () => notYet();
export const addReleaseEntry: Handler<'addReleaseEntry'> = async () => notYet();
export const removeReleaseEntry: Handler<'removeReleaseEntry'> = async () => notYet();
export const validateRelease: Handler<'validateRelease'> = async () => notYet();
export const publishRelease: Handler<'publishRelease'> = async () => notYet();
export const revertRelease: Handler<'revertRelease'> = async () => notYet();
