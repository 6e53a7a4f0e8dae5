// The runtime description of one operation, emitted per operationId by the generator
// (sdk-ts/scripts/generate-operations.mjs) and read by the request builder.

export interface OperationBodySpec {
  readonly required: boolean;
  /** Media types the contract accepts, sorted; JSON is preferred when offered. */
  readonly mediaTypes: readonly string[];
}

export interface OperationSpec {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  /** Path template as in the contract, e.g. `/api/v1/workspaces/{workspaceId}/content/{id}`. */
  readonly path: string;
  readonly pathParams: readonly string[];
  /** Path parameters declared `format: uuid`; checked before sending (a slug never reaches the wire). */
  readonly uuidPathParams: readonly string[];
  readonly queryParams: readonly string[];
  readonly headerParams: readonly string[];
  readonly body: OperationBodySpec | null;
  /** Media types of the 2xx responses, sent as `Accept`. */
  readonly accept: readonly string[];
  /** Present on list operations that return the paging envelope. */
  readonly paged: { readonly maxPageSize: number | null } | null;
  /** The operation declares an `If-Match` header: a tracked ETag of the same URL is sent. */
  readonly ifMatch: boolean;
  /** `security: []` in the contract: no credentials needed (a token is still sent when configured). */
  readonly anonymous: boolean;
}
