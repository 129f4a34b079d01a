/**
 * The parts of a multipart upload as the HTTP edge hands them to the domain: route() reads the body within the
 * declared limits and checks each declared part (lib/server/http/multipart.ts), so no domain function reads a request.
 */

/** A file part, accepted: its name (without folders or control characters), its type by content, its bytes. */
export interface UploadedFile {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** What a file part takes; the part's rule as the route declares it. */
export interface FileRule {
  /** The mime type when the content (and the name as sent) are of an accepted kind, else null: a 415. */
  detect: (name: string, bytes: Uint8Array) => Promise<string | null>;
  /** The part's files together must be smaller than this: a 413. */
  maxBytes: number;
  sizeMessage: string;
  typeMessage: string;
}

/**
 * Reads and checks the upload when the domain asks for it: a call's own checks (the task exists and takes files, the
 * caller may change this user) come first, as they always did, so a refused call reads no body.
 */
export type ReadUpload<T> = () => Promise<T>;
