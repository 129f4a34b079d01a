/** Why a call to Xero failed, in the terms the accounting rules act on. */
export type XeroFailure =
  /** The token endpoint refused the client id and secret (invalid_client). */
  | 'invalid-client'
  /** The token endpoint refused the code or refresh token (invalid_grant): the authorisation is gone. */
  | 'invalid-grant'
  /** The API refused the access token (401): expired early or revoked. */
  | 'unauthorized'
  /** The API refused the organisation (403), or no organisation is connected: inactive subscription. */
  | 'forbidden'
  /** Timeout, network failure, 429, 5xx or an answer that is not what Xero sends. */
  | 'unavailable'
  /** A configured URL that is neither https nor http on this machine. */
  | 'host-not-allowed';

export class XeroError extends Error {
  constructor(
    readonly failure: XeroFailure,
    message: string,
  ) {
    super(message);
    this.name = 'XeroError';
  }
}
