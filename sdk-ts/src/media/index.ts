// Media transfers: streamed uploads with progress, buffered and streaming downloads.
export { contentDispositionFileName } from './content-disposition.js';
export { downloadMediaFile, openMediaDownload, type MediaDownload, type MediaDownloadRequest, type MediaFile, type MediaFileRef } from './download.js';
export type { UploadProgress, UploadProgressCallback, UploadSource } from './upload-body.js';
export { uploadMediaFile, uploadMediaForm, type MediaAsset, type MediaFormUpload, type MediaUpload, type TransferOptions } from './upload.js';
export {
  imageParams,
  imageUrl,
  srcSet,
  VersoImageUrlError,
  type DeliveredAsset,
  type ImageAsset,
  type ImageFormat,
  type ImageUrlOptions,
  type PublicMediaSettings,
} from './image-urls.js';
export { isPublicMediaPath, openPublicImage, type PublicImage } from './public-image.js';
