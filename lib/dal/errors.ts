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
