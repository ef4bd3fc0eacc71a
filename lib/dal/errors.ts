/** No valid session: the request is answered 401 before anything else happens. */
export class UnauthorizedError extends Error {
  constructor() {
    super("Sign in to continue");
    this.name = "UnauthorizedError";
  }
}

/** A valid session whose role does not allow the action. */
export class ForbiddenError extends Error {
  constructor(message = "Your role does not allow this") {
    super(message);
    this.name = "ForbiddenError";
  }
}

/** A request Daybook understood but cannot honour: a day never stored, a list already signed off… */
export class DaybookError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 410 | 422,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "DaybookError";
  }
}
