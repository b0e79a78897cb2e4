/*
 * The few contract constants the widget needs at run time. widget.ts and realtime.ts build zod
 * schemas as they are imported, which would add ~28 kB gzip to every visitor's download, so these
 * values are repeated here (only types are imported from those files);
 * contract-constants.test.ts fails when one drifts from the contract.
 */

export const VISITOR_NAMESPACE = "/visitor";
export const SOCKET_PATH = "/socket.io";
export const VISITOR_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const VISITOR_FILE_TOO_LARGE_MS = 2000;
export const VISITOR_ATTACHMENTS_MAX = 5;
export const VISITOR_MESSAGE_MAX = 2000;
/** A typing indicator clears itself after this long without news. */
export const VISITOR_TYPING_MS = 6000;
/** What the chat's file picker offers: pictures, pdf and office documents (the server checks the bytes). */
export const VISITOR_FILE_ACCEPT = [
  "image/jpeg",
  "image/png",
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
];
