import { BlobTooLarge, DirectoryTooDeep, InvalidFolderName } from './store/errors.js';
import { PostgresError } from './store/postgres/database.js';
import { ERRORS_BASE, STATUS_PROBLEMS, type FieldError, type LegacyError, type Problem, type ProblemStatus } from '../contract/problem.js';

export interface ProblemOptions {
  code?: string;
  errors?: FieldError[];
  retryAfter?: number;
  /** Answer the legacy shape only (decisions 16). */
  legacy?: boolean;
  headers?: Record<string, string>;
}

/** An error the service answers as problem details. Thrown anywhere in a handler. */
export class ServiceProblem extends Error {
  constructor(
    readonly status: ProblemStatus,
    readonly detail: string,
    readonly options: ProblemOptions = {},
  ) {
    super(detail);
    this.name = 'ServiceProblem';
  }

  get code(): string {
    return this.options.code ?? STATUS_PROBLEMS[this.status].code;
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) => new ServiceProblem(400, detail, { errors });
export const unauthorized = (detail = 'Missing or invalid API key.') => new ServiceProblem(401, detail);
export const forbidden = (detail: string) => new ServiceProblem(403, detail);
export const notFound = (detail: string) => new ServiceProblem(404, detail);
export const conflict = (detail: string) => new ServiceProblem(409, detail);
export const validationFailed = (detail: string, errors: FieldError[] = []) => new ServiceProblem(422, detail, { errors });

export function problemBody(problem: ServiceProblem, instance: string, requestId: string): Problem | LegacyError {
  const meta = STATUS_PROBLEMS[problem.status];
  if (problem.options.legacy) {
    return { message: problem.detail, error: meta.title, statusCode: problem.status };
  }
  const body: Problem = {
    type: `${ERRORS_BASE}/${meta.slug}`,
    title: meta.title,
    status: problem.status,
    detail: problem.detail,
    instance,
    code: problem.code,
    requestId,
    errors: problem.options.errors ?? [],
    message: problem.detail,
    error: meta.title,
    statusCode: problem.status,
  };
  if (problem.options.retryAfter !== undefined) body.retryAfter = problem.options.retryAfter;
  return body;
}

/** A store's refusal (store/errors.ts) as the problem the API answers; anything else is returned as it is. */
export function problemOf(error: unknown): unknown {
  if (error instanceof DirectoryTooDeep) return badRequest(error.message);
  if (error instanceof InvalidFolderName) {
    return validationFailed('Invalid destinationPath.', [{ code: error.code, detail: error.message, pointer: '/destinationPath' }]);
  }
  if (error instanceof BlobTooLarge) return new ServiceProblem(413, error.message);
  // PostgreSQL's text holds no NUL character (SQLite's does): a client's id, name or question
  // with one is refused as the bad request it is, on the team service as on SQLite's 404s.
  if (error instanceof PostgresError && (error.code === '22021' || error.code === '22P05')) {
    return badRequest('The request holds a character that cannot be stored (NUL).');
  }
  return error;
}
