/**
 * Reply shapes both sides need: the fields of a main-service reply that popups and error texts
 * read (spec 001 s8, 002 s8). The API layer's generated types are richer; statecharts only carry
 * these.
 */
export interface ReplyLike {
  responseDescription?: unknown;
  description?: unknown;
  message?: unknown;
  body?: unknown;
  validationErrors?: unknown;
  errors?: unknown;
}
