// Headers that handlers of several tags return with a resource.
export const withEtag = <T extends Record<string, string> = Record<never, string>>(etag: string, extra?: T) =>
  ({ ETag: etag, ...(extra ?? ({} as T)) }) as { ETag: string } & T;
