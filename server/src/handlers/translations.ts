// Translations of content items (tag Content). SCAFFOLD: replaced by the translations work in progress.
import type { Handler } from '../http/operation.js';

export const createContentTranslation: Handler<'createContentTranslation'> = async () => {
  throw new Error('createContentTranslation is not built yet');
};

export const getContentTranslationStatus: Handler<'getContentTranslationStatus'> = async () => {
  throw new Error('getContentTranslationStatus is not built yet');
};

export const listMissingTranslations: Handler<'listMissingTranslations'> = async () => {
  throw new Error('listMissingTranslations is not built yet');
};
