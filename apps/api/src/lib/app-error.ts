import type { ErrorCode } from '@shop/shared/errors'

export interface AppErrorOptions {
  /** Interpolation values for the translated message, e.g. { product: 'تمر' }. */
  params?: Record<string, string | number>
  /** Field errors as message keys (validation.*), translated by the error handler. */
  fields?: Record<string, string[]>
  /** Extra top-level properties of the body (e.g. missing_columns for imports). */
  extra?: Record<string, unknown>
  /** Message key when it differs from errors.<code>. */
  messageKey?: string
  headers?: Record<string, string>
}

/** Services throw AppError; the error handler turns it into product.md §8.1's body in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly options: AppErrorOptions = {},
  ) {
    super(code)
    this.name = 'AppError'
  }
}

export const notFound = () => new AppError('NOT_FOUND', 404)
export const validationError = (fields: Record<string, string[]>) =>
  new AppError('VALIDATION_FAILED', 422, { fields })
