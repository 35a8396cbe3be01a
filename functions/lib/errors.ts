import type { ErrorKey, FieldError } from '@shared/contracts/errors';

/**
 * An error meant for the client: it carries the spec's key and an HTTP status. Anything that is
 * not a DomainError becomes a logged 500 `internal-server-error` (see `http.ts`).
 */
export class DomainError extends Error {
  /** Details the client shows with the key (the existing member of a duplicate). */
  readonly details: FieldError[] | undefined;
  constructor(
    readonly key: ErrorKey,
    readonly statusCode: number,
    options?: { cause?: unknown; message?: string; details?: FieldError[] },
  ) {
    super(options?.message ?? key, { cause: options?.cause });
    this.name = new.target.name;
    this.details = options?.details;
  }
}

/** 400 with a list of field errors. */
export class ValidationError extends DomainError {
  constructor(
    readonly errors: FieldError[],
    options?: { cause?: unknown },
  ) {
    super('error', 400, { ...options, message: errors.map((e) => `${e.field ?? ''}:${e.key}`).join(';') });
  }
}

export class BadRequestError extends DomainError {
  constructor(key: ErrorKey, options?: { cause?: unknown }) {
    super(key, 400, options);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(options?: { cause?: unknown }) {
    super('unauthorized', 401, options);
  }
}

export class ForbiddenError extends DomainError {
  constructor(key: ErrorKey = 'forbidden', options?: { cause?: unknown }) {
    super(key, 403, options);
  }
}

export class NotFoundError extends DomainError {
  constructor(options?: { cause?: unknown }) {
    super('not-found', 404, options);
  }
}

export class ConflictError extends DomainError {
  constructor(key: ErrorKey = 'conflict', options?: { cause?: unknown; details?: FieldError[] }) {
    super(key, 409, options);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(key: ErrorKey, options?: { cause?: unknown }) {
    super(key, 429, options);
  }
}
