// The response observer sees every response the SDK receives (intermediate retried ones too), in
// order, before it is classified, parsed or mapped to an error. It gets the status and headers but
// not the body, so observing can never consume what the SDK still has to read.

export interface ObservedResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly method: string;
  readonly url: string;
  /** 1-based attempt number within the call. */
  readonly attempt: number;
  /** The X-Correlation-Id this attempt sent. */
  readonly correlationId: string;
  readonly operationId: string | undefined;
}

/** Throwing stops the call: no retry, the response is discarded and the error propagates unchanged. */
export type ResponseObserver = (response: ObservedResponse) => void | Promise<void>;
