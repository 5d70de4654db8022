// The one error type the API answers with: `{ error: { code, message, issues? } }`, its code
// from the shared catalogue, which also gives its HTTP status.
import { type ErrorCode, errorStatus } from "../../../shared/domain/error-codes.js";

export type Issue = { path: string[]; message: string };

export class AppError extends Error {
  readonly headers: Record<string, string>;
  readonly issues: Issue[] | undefined;
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { headers?: Record<string, string>; issues?: Issue[] } = {},
  ) {
    super(message);
    this.statusCode = errorStatus[code];
    this.headers = options.headers ?? {};
    this.issues = options.issues;
  }
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);
export const unauthorized = () => new AppError("UNAUTHORIZED", "Please sign in to continue.");
export const forbidden = (message = "You do not have permission to do that.") =>
  new AppError("FORBIDDEN", message);
