import { ApiCode, Msg } from '@xg/shared';

/**
 * The one error type. `code` is the envelope code of spec §8 (−1 ordinary failure, −3 warning, 0 log out,
 * 461 kicked out); `httpStatus` stays 200 for business errors, as the client reads the envelope, and is
 * 401/403/404/429 only where spec §8 gives HTTP statuses a meaning.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static fail(message: string, extra: Record<string, unknown> = {}): AppError {
    return new AppError(ApiCode.FAIL, message, 200, extra);
  }
  static warn(message: string): AppError {
    return new AppError(ApiCode.WARN, message);
  }
  static unauthorized(message: string = Msg.notSignedIn): AppError {
    return new AppError(401, message, 401);
  }
  static forbidden(message: string): AppError {
    return new AppError(403, message, 403);
  }
  static notFound(message: string = Msg.notFound): AppError {
    return new AppError(404, message, 404);
  }
  static tooMany(message: string = Msg.tooManyRequests): AppError {
    return new AppError(ApiCode.FAIL, message, 429);
  }
}
